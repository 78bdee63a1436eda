/**
 * SQLite: the runs of a needle's trigrams (every span of consecutive ones)
 * priced for chooseWindow (trigram-plan.ts, decision 0018), and the run or
 * pair of runs in different words that costs least to read and test.
 *
 * The prices live in typed arrays that every plan reuses: pricing is
 * synchronous, so no two plans ever use them at once. An object for each
 * run and a sorted copy of each place's candidates allocated about 57 KB a
 * needle of the bench's at 100,000 prompts, over a third of what a distinct
 * search allocated on the event loop, and each scavenge that garbage
 * brought on copied the objects of every search in flight
 * (docs/performance.md, session 48).
 */

/**
 * Testing one prompt found by the part against the whole needle costs about
 * as much as a phrase reading this many prompts' entries of one trigram.
 * Measured at 100,000 prompts, one thread: 3.2 microseconds a prompt tested
 * ("checklis", 17,091 prompts, 55 ms) against about 63 nanoseconds an entry
 * read (35 an occurrence, 1.8 occurrences an entry: "tions a", 722,000
 * occurrences, 29 ms), a ratio of 50. At 1,000,000 prompts a test costs
 * more (rows further apart, fewer in the page cache): over 150 of the bench's
 * needles there, 50 took 71% of the whole needles' time, 100 61%, 200 59%;
 * at 100,000, 100 took 76% (50: 82%; each figure within about 5%).
 */
export const ENTRIES_READ_PER_PROMPT_TESTED = 100;

/**
 * How many of the rarest trigram's prompts each further trigram of a run is
 * guessed to keep. Consecutive trigrams of a word mostly occur together
 * ("ckl" and "kli": 17,091 prompts each), so the guess keeps most. Chosen
 * among 0.3, 0.5, 0.7, 0.8 and 0.9 over 300 of the bench's needles at
 * 100,000 prompts, with a run priced by its trigrams' occurrences: 0.8 read
 * them in 58-62% of the whole needles' time; priced by prompts, as now,
 * 61-63%.
 */
const KEPT_PER_FURTHER_TRIGRAM = 0.8;

/**
 * How many times more prompts two runs of a needle are guessed to share than
 * chance would give them (the product of their shares of the library): the
 * words of a title go together. Chosen among 1, 3, 10 and 30, three runs of
 * 400 of the bench's needles at 100,000 prompts, one thread: 3 read them in
 * 71-77% of the time the best single run took (1: 70-76%, 10: 75-79%, 30:
 * 92-95%). 1 and 3 did about as well; 3 guesses more shared prompts, which
 * leaves room for runs that go together more than guessed.
 */
const SHARED_OVER_CHANCE = 3;

/** Needles with more trigrams are not priced: they are rare, and pricing every run grows with the square of their trigrams. */
export const MAX_PRICED_TRIGRAMS = 64;

/**
 * Needles with more trigrams are read through one run at most: pricing
 * pairs grows faster still, and the bench's longest needles (three words of
 * a title) have about 30.
 */
export const MAX_PAIRED_TRIGRAMS = 32;

/** A run of a needle's trigrams, from `first` to `last`. */
export interface Run {
  readonly first: number;
  readonly last: number;
  /** The entries reading it costs: how many prompts hold each of its trigrams, summed. */
  readonly read: number;
  /** How many prompts it is guessed to find. */
  readonly guessed: number;
}

/** A part of a needle as priced: its runs, the entries they read, and its whole cost. */
export interface PricedPart {
  readonly cost: number;
  readonly read: number;
  readonly runs: readonly Run[];
}

/** A run's slot in the arrays below: its first trigram's place times MAX_PRICED_TRIGRAMS, plus its last's. */
const slotOf = (first: number, last: number) => first * MAX_PRICED_TRIGRAMS + last;

/** Each run's entries read (Run.read) and prompts guessed (Run.guessed), by slot. */
const runRead = new Float64Array(MAX_PRICED_TRIGRAMS * MAX_PRICED_TRIGRAMS);
const runGuessed = new Float64Array(MAX_PRICED_TRIGRAMS * MAX_PRICED_TRIGRAMS);

/** The runs starting at one place, in the order the fronts are built in (comesBefore). */
const placeRuns = new Int32Array(MAX_PRICED_TRIGRAMS);

/**
 * Each place's front (buildFronts), laid end to end: place p's are the
 * frontLength[p] slots from frontStart[p]. Each front holds at most every
 * run starting at or after its place, so the whole needs at most the
 * places times the runs.
 */
const frontRuns = new Int32Array(MAX_PAIRED_TRIGRAMS * ((MAX_PAIRED_TRIGRAMS * (MAX_PAIRED_TRIGRAMS + 1)) / 2));
const frontStart = new Int32Array(MAX_PAIRED_TRIGRAMS);
const frontLength = new Int32Array(MAX_PAIRED_TRIGRAMS);

/**
 * The part of a needle that costs least to read and test, whatever the
 * whole needle costs: its cheapest run, or, given `partnerPlace`
 * (partnerPlaces in trigram-plan.ts; only for a needle that may pair), two
 * runs that cost less still. `holding`: how many prompts hold each trigram,
 * in the needle's order. A run costs the entries it reads plus the prompts
 * it is guessed to find times ENTRIES_READ_PER_PROMPT_TESTED; a pair, the
 * entries both read plus the prompts both are guessed to hold
 * (SHARED_OVER_CHANCE times chance, at least one, at most the rarer run's
 * guess), `libraryPrompts` scaling chance. Of single runs that cost the
 * same, the first by its first trigram, then its last; of pairs, the first
 * run so found with the first partner of its front (buildFronts) that
 * costs that little.
 */
export function cheapestPart(
  holding: readonly number[],
  partnerPlace: readonly number[] | undefined,
  libraryPrompts: number,
): PricedPart | undefined {
  const trigrams = holding.length;
  if (trigrams === 0 || trigrams > MAX_PRICED_TRIGRAMS) return undefined;
  priceRuns(holding);
  let bestCost = Number.POSITIVE_INFINITY;
  let bestRun = -1;
  for (let first = 0; first < trigrams; first += 1) {
    for (let last = first; last < trigrams; last += 1) {
      const slot = slotOf(first, last);
      const cost = runCost(slot);
      if (bestRun < 0 || cost < bestCost) {
        bestCost = cost;
        bestRun = slot;
      }
    }
  }
  const single: PricedPart = { cost: bestCost, read: runRead[bestRun] ?? 0, runs: [runAt(bestRun)] };
  // Past MAX_PAIRED_TRIGRAMS the fronts would not fit their arrays.
  if (partnerPlace === undefined || trigrams > MAX_PAIRED_TRIGRAMS) return single;
  buildFronts(trigrams);
  return cheapestPair(trigrams, partnerPlace, libraryPrompts, bestCost) ?? single;
}

function runCost(slot: number): number {
  return (runRead[slot] ?? 0) + (runGuessed[slot] ?? 0) * ENTRIES_READ_PER_PROMPT_TESTED;
}

function runAt(slot: number): Run {
  return {
    first: Math.floor(slot / MAX_PRICED_TRIGRAMS),
    last: slot % MAX_PRICED_TRIGRAMS,
    read: runRead[slot] ?? 0,
    guessed: runGuessed[slot] ?? 0,
  };
}

/** Prices every run of a needle whose trigrams `holding` prompts hold each. */
function priceRuns(holding: readonly number[]): void {
  for (let first = 0; first < holding.length; first += 1) {
    let read = 0;
    let rarest = Number.POSITIVE_INFINITY;
    for (let last = first; last < holding.length; last += 1) {
      const prompts = holding[last] ?? 0;
      read += prompts;
      rarest = Math.min(rarest, prompts);
      const slot = slotOf(first, last);
      runRead[slot] = read;
      // At least one prompt unless a trigram is in none: a long run's guess shrinks below any real count.
      runGuessed[slot] = Math.min(rarest, Math.max(1, rarest * KEPT_PER_FURTHER_TRIGRAM ** (last - first)));
    }
  }
}

/** Whether run `a` comes before run `b` in a front: fewer entries read, then fewer prompts guessed. */
function comesBefore(a: number, b: number): boolean {
  const readA = runRead[a] ?? 0;
  const readB = runRead[b] ?? 0;
  return readA < readB || (readA === readB && (runGuessed[a] ?? 0) < (runGuessed[b] ?? 0));
}

/**
 * For each trigram's place, its front: the runs starting there or later
 * that no other such run beats on both entries read and prompts guessed,
 * cheapest read first. A pair costs no more for each of its runs' being
 * cheaper on both, so only these can be the best partner of a run ending
 * before that place. Built from the end, each place's from its own runs
 * and the next place's front, merged in order (of runs alike on both, its
 * own first). Pairing each run with a front instead of every later run
 * took a plan 21-22 against 54-62 microseconds a needle of the bench's at
 * 100,000 prompts in session 23 (one run alone, as before pairs: 9), with
 * an object for each run.
 */
function buildFronts(trigrams: number): void {
  let used = 0;
  for (let place = trigrams - 1; place >= 0; place -= 1) {
    // The place's own runs in front order: an insertion sort, which keeps runs alike on both in their order.
    const own = trigrams - place;
    for (let last = place; last < trigrams; last += 1) {
      const slot = slotOf(place, last);
      let at = last - place;
      for (; at > 0 && comesBefore(slot, placeRuns[at - 1] ?? 0); at -= 1) placeRuns[at] = placeRuns[at - 1] ?? 0;
      placeRuns[at] = slot;
    }
    const nextStart = place + 1 < trigrams ? (frontStart[place + 1] ?? 0) : 0;
    const nextLength = place + 1 < trigrams ? (frontLength[place + 1] ?? 0) : 0;
    const start = used;
    let ownTaken = 0;
    let nextTaken = 0;
    while (ownTaken < own || nextTaken < nextLength) {
      const nextRun = frontRuns[nextStart + nextTaken] ?? 0;
      const ownRun = placeRuns[ownTaken] ?? 0;
      const takeOwn = nextTaken === nextLength || (ownTaken < own && !comesBefore(nextRun, ownRun));
      const slot = takeOwn ? ownRun : nextRun;
      if (takeOwn) ownTaken += 1;
      else nextTaken += 1;
      // Kept when it guesses fewer prompts than every run before it: those read no more.
      if (used === start || (runGuessed[slot] ?? 0) < (runGuessed[frontRuns[used - 1] ?? 0] ?? 0)) {
        frontRuns[used] = slot;
        used += 1;
      }
    }
    frontStart[place] = start;
    frontLength[place] = used - start;
  }
}

/**
 * The two runs in different words that cost least, if they cost less than
 * `toBeat`: each run with the front (buildFronts) of the runs starting at
 * its partner place.
 */
function cheapestPair(trigrams: number, partnerPlace: readonly number[], libraryPrompts: number, toBeat: number): PricedPart | undefined {
  const sharedPerProduct = SHARED_OVER_CHANCE / Math.max(1, libraryPrompts);
  let bestCost = toBeat;
  let bestRead = 0;
  let bestFirst = -1;
  let bestSecond = -1;
  for (let first = 0; first < trigrams; first += 1) {
    for (let last = first; last < trigrams; last += 1) {
      const place = partnerPlace[last] ?? Number.POSITIVE_INFINITY;
      if (!(place < trigrams)) continue;
      const slot = slotOf(first, last);
      const guessed = runGuessed[slot] ?? 0;
      const frontEnd = (frontStart[place] ?? 0) + (frontLength[place] ?? 0);
      for (let at = frontStart[place] ?? 0; at < frontEnd; at += 1) {
        const partner = frontRuns[at] ?? 0;
        const read = (runRead[slot] ?? 0) + (runRead[partner] ?? 0);
        // A front lists its runs cheapest read first: past here no pair can cost less.
        if (read >= bestCost) break;
        const partnerGuessed = runGuessed[partner] ?? 0;
        const shared = Math.max(1, guessed * partnerGuessed * sharedPerProduct);
        const cost = read + Math.min(guessed, partnerGuessed, shared) * ENTRIES_READ_PER_PROMPT_TESTED;
        if (cost < bestCost) {
          bestCost = cost;
          bestRead = read;
          bestFirst = slot;
          bestSecond = partner;
        }
      }
    }
  }
  return bestFirst < 0 ? undefined : { cost: bestCost, read: bestRead, runs: [runAt(bestFirst), runAt(bestSecond)] };
}
