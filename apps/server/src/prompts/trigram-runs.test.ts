import { describe, expect, it } from 'vitest';
import { ENTRIES_READ_PER_PROMPT_TESTED, MAX_PAIRED_TRIGRAMS, MAX_PRICED_TRIGRAMS, type Run, cheapestPart } from './trigram-runs';

/** A seeded generator (mulberry32), so a failure can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LIBRARY = 100_000;

/**
 * The pricing decision 0018 describes, the slow way: every run, and every
 * pair of a run with any run starting at or after its partner place.
 */
function cheapestByEveryPart(holding: readonly number[], partnerPlace: readonly number[] | undefined): number {
  const runs: Run[] = [];
  for (let first = 0; first < holding.length; first += 1) {
    for (let last = first; last < holding.length; last += 1) {
      const held = holding.slice(first, last + 1);
      const rarest = Math.min(...held);
      const read = held.reduce((sum, prompts) => sum + prompts, 0);
      runs.push({ first, last, read, guessed: Math.min(rarest, Math.max(1, rarest * 0.8 ** (last - first))) });
    }
  }
  let cheapest = Math.min(...runs.map((run) => run.read + run.guessed * ENTRIES_READ_PER_PROMPT_TESTED));
  if (!partnerPlace) return cheapest;
  for (const run of runs) {
    for (const partner of runs.filter((other) => other.first >= (partnerPlace[run.last] ?? Number.POSITIVE_INFINITY))) {
      const shared = Math.max(1, (run.guessed * partner.guessed * 3) / LIBRARY);
      const tested = Math.min(run.guessed, partner.guessed, shared);
      cheapest = Math.min(cheapest, run.read + partner.read + tested * ENTRIES_READ_PER_PROMPT_TESTED);
    }
  }
  return cheapest;
}

/** What a part's runs cost, priced again from the part itself. */
function costOf(runs: readonly Run[]): number {
  const read = runs.reduce((sum, run) => sum + run.read, 0);
  const guessed = runs.map((run) => run.guessed);
  const shared = runs.length === 2 ? Math.max(1, ((guessed[0] ?? 0) * (guessed[1] ?? 0) * 3) / LIBRARY) : Number.POSITIVE_INFINITY;
  return read + Math.min(...guessed, shared) * ENTRIES_READ_PER_PROMPT_TESTED;
}

describe('pricing the runs of a needle', () => {
  it('finds the cheapest run or pair that pricing every part finds, for needles with ties, zeros and common trigrams', () => {
    const random = seeded(48);
    // Few distinct counts, so that many runs tie on entries read or prompts guessed, and a trigram held by none.
    const counts = [0, 1, 7, 100, 100, 2_500, 3_000, 50_000, 79_000];
    for (let needle = 0; needle < 400; needle += 1) {
      const trigrams = 1 + Math.floor(random() * MAX_PAIRED_TRIGRAMS);
      const holding = Array.from({ length: trigrams }, () => counts[Math.floor(random() * counts.length)] ?? 0);
      // A run ending at a place may pair with runs starting a few places on (the next word), or with none.
      const partnerPlace = holding.map((_, place) => (random() < 0.2 ? Number.POSITIVE_INFINITY : place + 3 + Math.floor(random() * 4)));
      for (const places of [undefined, partnerPlace]) {
        const part = cheapestPart(holding, places, LIBRARY);
        expect(part?.cost, `holding ${holding.join(' ')}, places ${places?.join(' ')}`).toBe(cheapestByEveryPart(holding, places));
        expect(part && costOf(part.runs)).toBe(part?.cost);
        const [first, second] = part?.runs ?? [];
        if (second && first) expect(second.first).toBeGreaterThanOrEqual(places?.[first.last] ?? Number.POSITIVE_INFINITY);
      }
    }
  });

  it('of runs that cost the same, takes the first by its first trigram, then its last', () => {
    // Each trigram in one prompt: each alone costs 1 + 100, a longer run reads more to test the same one.
    expect(cheapestPart([1, 1, 1], undefined, LIBRARY)?.runs).toEqual([{ first: 0, last: 0, read: 1, guessed: 1 }]);
  });

  it('prices a needle of up to 64 trigrams, pairing none past 32, and nothing longer', () => {
    const long = Array.from({ length: MAX_PRICED_TRIGRAMS }, (_, place) => (place === 40 ? 5 : 50_000));
    expect(
      cheapestPart(
        long,
        long.map((_, place) => place + 3),
        LIBRARY,
      )?.runs,
    ).toEqual([{ first: 40, last: 40, read: 5, guessed: 5 }]);
    expect(cheapestPart([...long, 5], undefined, LIBRARY)).toBeUndefined();
    expect(cheapestPart([], undefined, LIBRARY)).toBeUndefined();
  });
});
