import { describe, expect, it } from 'vitest';
import {
  ENTRIES_READ_PER_PROMPT_TESTED,
  MAX_PAIRED_TRIGRAMS,
  MAX_PRICED_TRIGRAMS,
  type PricedPart,
  type Run,
  cheapestPart,
} from './trigram-runs';

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

/** Chance times SHARED_OVER_CHANCE (3) of a run guessed in `a` prompts and one in `b`, computed as cheapestPart does. */
const sharedByChance = (a: number, b: number) => Math.max(1, a * b * (3 / LIBRARY));

function pricedRuns(holding: readonly number[]): Run[][] {
  return holding.map((_, first) =>
    holding.slice(first).map((_prompts, length) => {
      const held = holding.slice(first, first + length + 1);
      const rarest = Math.min(...held);
      const read = held.reduce((sum, prompts) => sum + prompts, 0);
      return { first, last: first + length, read, guessed: Math.min(rarest, Math.max(1, rarest * 0.8 ** length)) };
    }),
  );
}

const singleCost = (run: Run) => run.read + run.guessed * ENTRIES_READ_PER_PROMPT_TESTED;
const pairCost = (run: Run, partner: Run) =>
  run.read +
  partner.read +
  Math.min(run.guessed, partner.guessed, sharedByChance(run.guessed, partner.guessed)) * ENTRIES_READ_PER_PROMPT_TESTED;

/**
 * The pricing decision 0018 describes, the slow way: every run, and every
 * pair of a run with any run starting at or after its partner place.
 */
function cheapestByEveryPart(holding: readonly number[], partnerPlace: readonly number[] | undefined): number {
  const runs = pricedRuns(holding).flat();
  let cheapest = Math.min(...runs.map(singleCost));
  for (const run of partnerPlace ? runs : []) {
    for (const partner of runs.filter((other) => other.first >= (partnerPlace?.[run.last] ?? Number.POSITIVE_INFINITY))) {
      cheapest = Math.min(cheapest, pairCost(run, partner));
    }
  }
  return cheapest;
}

/**
 * The same choice as session 47's code made it (an object for each run, each
 * place's front sorted from its own runs and the next place's front): which
 * runs it took of parts that cost the same is what cheapestPart must keep.
 */
function cheapestAsBefore(holding: readonly number[], partnerPlace: readonly number[] | undefined): PricedPart | undefined {
  const runsByFirst = pricedRuns(holding);
  let best: PricedPart | undefined;
  for (const run of runsByFirst.flat()) {
    if (!best || singleCost(run) < best.cost) best = { cost: singleCost(run), read: run.read, runs: [run] };
  }
  if (!partnerPlace || holding.length > MAX_PAIRED_TRIGRAMS) return best;
  const fronts: Run[][] = [];
  for (let place = runsByFirst.length - 1; place >= 0; place -= 1) {
    const candidates = [...(runsByFirst[place] ?? []), ...(fronts[place + 1] ?? [])].sort(
      (a, b) => a.read - b.read || a.guessed - b.guessed,
    );
    const front: Run[] = [];
    for (const run of candidates) {
      const previous = front.at(-1);
      if (!previous || run.guessed < previous.guessed) front.push(run);
    }
    fronts[place] = front;
  }
  for (const run of runsByFirst.flat()) {
    for (const partner of fronts[partnerPlace[run.last] ?? Number.POSITIVE_INFINITY] ?? []) {
      const read = run.read + partner.read;
      if (read >= (best?.cost ?? 0)) break;
      if (pairCost(run, partner) < (best?.cost ?? 0)) best = { cost: pairCost(run, partner), read, runs: [run, partner] };
    }
  }
  return best;
}

/** What a part's runs cost, priced again from the part itself. */
function costOf(runs: readonly Run[]): number {
  const [run, partner] = runs;
  if (!run) return Number.NaN;
  return partner ? pairCost(run, partner) : singleCost(run);
}

describe('pricing the runs of a needle', () => {
  it('finds the cheapest run or pair that pricing every part finds, and the runs the objects did, for needles with ties, zeros and common trigrams', () => {
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
        const needle = `holding ${holding.join(' ')}, places ${places?.join(' ')}`;
        expect(part?.cost, needle).toBe(cheapestByEveryPart(holding, places));
        expect(part, needle).toEqual(cheapestAsBefore(holding, places));
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
    // Two trigrams in 1,000 prompts each, 20 places apart: together about 30 to test, alone 1,000.
    const twoRare = (trigrams: number) => Array.from({ length: trigrams }, (_, place) => (place === 0 || place === 20 ? 1000 : 50_000));
    const nextWord = (holding: readonly number[]) => holding.map((_, place) => place + 3);
    const paired = twoRare(MAX_PAIRED_TRIGRAMS);
    expect(cheapestPart(paired, nextWord(paired), LIBRARY)?.runs.map((run) => run.first)).toEqual([0, 20]);
    const unpaired = twoRare(MAX_PAIRED_TRIGRAMS + 1);
    expect(cheapestPart(unpaired, nextWord(unpaired), LIBRARY)?.runs.map((run) => run.first)).toEqual([0]);
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
