import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { hiddenFromPlanner } from '../db/sqlite-plan-values';
import { type PeekableReadCache, createReadCache } from '../cache/read-cache';
import {
  ASCII_ONLY,
  type CountedMatches,
  type JoinedIds,
  asciiTextContains,
  firstCountedRowids,
  ftsPhrase,
  joinedCountedRowids,
} from './search';
import { ENTRIES_READ_PER_PROMPT_TESTED, MAX_PAIRED_TRIGRAMS, MAX_PRICED_TRIGRAMS, type Run, cheapestPart } from './trigram-runs';

/**
 * SQLite: which part of a needle a search looks up in the trigram index
 * (decision 0018).
 *
 * An FTS5 phrase reads the position list of every trigram of the needle, and
 * checks the positions in every prompt holding them all. A common trigram
 * ("ion", in 79% of the generated prompts) costs that work whatever the rest
 * of the needle is: "tions a" took 29 ms at 100,000 prompts, though only
 * 227 prompts hold it. A rarer part of the needle ("assist" in "questions
 * assistant") is read in a fraction of the time, and the few prompts it
 * finds are then tested for the whole needle with LIKE on their own title
 * and text, which is exact for an ASCII needle (search.ts).
 *
 * Two runs of different words can be read together: each may be found in
 * thousands of prompts where both are found in a few dozen ("cept" and
 * "framewo" of "concept explainer framework": 838 and 2,843 prompts, 35
 * together), so fewer prompts are tested. Two runs of one word are not:
 * they are found in nearly the same prompts (partnerPlaces). The rarest
 * trigram of each other word then narrows the part when reading it costs
 * less than the tests it may save (otherWordsTrigrams), and all are read
 * as one NEAR group: within the needle's length of each other in one
 * column (windowsMatch).
 *
 * How many prompts hold each trigram, estimated from its newest matches
 * (sampleTrigrams), prices each run of the needle's trigrams. The estimates
 * only steer the choice: a wrong one costs time, never a wrong match, and a
 * part that finds more prompts than reading the whole needle would have cost
 * gives way to the whole needle (windowMatches).
 */

/** The fewest prompts a part may find before the whole needle is read instead, whatever the estimate. */
const MIN_CANDIDATE_LIMIT = 50;

/**
 * How many of a trigram's newest matches are read to estimate how many
 * prompts hold it. Reading them costs about 0.2 ms whatever the library's
 * size, where counting all of "ion"'s took 33 ms at 1,000,000 prompts.
 */
const SAMPLED_MATCHES = 200;

/** How long a trigram's estimate is trusted: it drifts only as prompts are added. */
const ESTIMATE_TTL_MS = 10 * 60_000;

/**
 * The most trigrams whose estimates are kept; past it the least recently
 * sampled, or asked for by a plan that had one to sample, are sampled again
 * (keptPlanInputs).
 */
const MAX_KEPT_ESTIMATES = 50_000;

/** The trigram tokenizer's tokens: every run of three characters. */
const TRIGRAM_LENGTH = 3;

/** How many prompts hold a trigram, as estimated; 0 for one the index does not hold. */
export type TrigramPrompts = (trigram: string) => number;

/** The parts of a needle to look up, and how many prompts they may find before the whole needle is cheaper. */
export interface WindowPlan {
  /**
   * Parts of the needle's text, in its order: one run, or two of different words, and the rarest trigram of
   * some of its other words (otherWordsTrigrams). The prompts found hold them all near each other (windowsMatch).
   */
  readonly windows: readonly string[];
  readonly candidateLimit: number;
}

/**
 * The trigrams of an ASCII needle as the trigram tokenizer cuts them
 * (case-folded, overlapping, every three characters).
 */
export function trigramsOf(needle: string): string[] {
  const folded = needle.toLowerCase();
  const trigrams: string[] = [];
  for (let start = 0; start + TRIGRAM_LENGTH <= folded.length; start += 1) {
    trigrams.push(folded.slice(start, start + TRIGRAM_LENGTH));
  }
  return trigrams;
}

/**
 * The part of the needle cheapest to read and test: one run of its
 * trigrams, or two of different words. A part costs the entries it reads,
 * plus the prompts it is guessed to find times
 * ENTRIES_READ_PER_PROMPT_TESTED. Undefined when the whole needle costs no
 * more, or it is not plannable (plannableTrigrams: a non-ASCII needle's
 * test would not fold its case as the index does). `libraryPrompts` scales
 * the guess of what two runs share.
 */
export function chooseWindow(needle: string, promptsHolding: TrigramPrompts, libraryPrompts: number): WindowPlan | undefined {
  const trigrams = plannableTrigrams(needle);
  if (!trigrams) return undefined;
  const holding = trigrams.map(promptsHolding);
  const wholeCost = holding.reduce((sum, prompts) => sum + prompts, 0);
  const best = cheapestPart(holding, pairable(trigrams) ? partnerPlaces(needle) : undefined, libraryPrompts);
  if (!best || best.cost >= wholeCost) return undefined;
  // A pair's shared prompts are guessed from chance, which the generated library's titles beat many times over:
  // the other words may read up to the tests of its rarer run's prompts.
  const testsToSave = Math.min(...best.runs.map((run) => run.guessed)) * ENTRIES_READ_PER_PROMPT_TESTED;
  const runsRead = [...best.runs, ...otherWordsTrigrams(needle, holding, best.runs, testsToSave)].sort((a, b) => a.first - b.first);
  const read = runsRead.reduce((sum, run) => sum + run.read, 0);
  return {
    windows: runsRead.map((run) => needle.slice(run.first, run.last + TRIGRAM_LENGTH)),
    candidateLimit: Math.max(MIN_CANDIDATE_LIMIT, Math.floor((wholeCost - read) / ENTRIES_READ_PER_PROMPT_TESTED)),
  };
}

/**
 * The rarest trigram of each word of the needle (three letters or digits
 * or more) that none of `chosen` touches, rarest first, as long as reading
 * them all costs fewer entries than `budget` (tests the part may leave):
 * read with the chosen part as one NEAR group (windowsMatch), they leave
 * out the prompts holding the part with the needle's other words elsewhere
 * or not at all. A part found in few prompts takes none: a common word's
 * list would cost more than testing them.
 *
 * Over 300 of the bench's needles (one thread, as one statement each), the
 * part alone found 88,708 prompts for 27,606 matches at 100,000 prompts and
 * 999,554 for 270,428 at 1,000,000 ("cohort analysis framework": its
 * part, "coho" and "ysi", is in 431 prompts, 14 of which hold the needle;
 * with "fra" near them, 14). With these trigrams,
 * 42,187 and 444,899, read and tested in about 25% and 40% less time; a
 * trigram of every other word, whatever it cost, did no better (35,230 and
 * 377,275 found, in about the same time); a budget of the tests the pair's
 * shared prompts were priced at (fewer than the rarer run's) took fewer
 * trigrams and saved about two thirds as much (17% and 24%).
 */
function otherWordsTrigrams(needle: string, holding: readonly number[], chosen: readonly Run[], budget: number): Run[] {
  const touched = (start: number, end: number) => chosen.some((run) => run.first < end && start < run.last + TRIGRAM_LENGTH);
  const rarest: Run[] = [];
  for (const word of needle.matchAll(WORDS)) {
    const start = word.index;
    const end = start + word[0].length;
    if (word[0].length < TRIGRAM_LENGTH || touched(start, end)) continue;
    let place = start;
    for (let at = start + 1; at + TRIGRAM_LENGTH <= end; at += 1) if ((holding[at] ?? 0) < (holding[place] ?? 0)) place = at;
    const prompts = holding[place] ?? 0;
    rarest.push({ first: place, last: place, read: prompts, guessed: prompts });
  }
  rarest.sort((a, b) => a.read - b.read);
  // A trigram read already (a word the needle repeats) would narrow nothing.
  const read = new Set(chosen.flatMap((run) => trigramsOf(needle.slice(run.first, run.last + TRIGRAM_LENGTH))));
  const taken: Run[] = [];
  let entries = 0;
  for (const run of rarest) {
    const trigram = trigramsOf(needle.slice(run.first, run.first + TRIGRAM_LENGTH))[0] ?? '';
    if (read.has(trigram)) continue;
    if (entries + run.read >= budget) break;
    entries += run.read;
    read.add(trigram);
    taken.push(run);
  }
  return taken;
}

/**
 * Whether the needle's runs may be paired: no more than
 * MAX_PAIRED_TRIGRAMS, and no trigram twice. Two runs of a needle that
 * repeats itself ("plan for planning") can hold the same text, and the two
 * together are then no narrower than one of them, though priced as if they
 * were.
 */
function pairable(trigrams: readonly string[]): boolean {
  return trigrams.length <= MAX_PAIRED_TRIGRAMS && new Set(trigrams).size === trigrams.length;
}

/** A character a word of the needle is made of; any other ends it. The needles planned are ASCII. */
const WORD_CHARACTER = /[a-z0-9]/i;

/** The needle's words: each run of WORD_CHARACTER. */
const WORDS = /[a-z0-9]+/gi;

/**
 * For a run ending with the trigram at each place, the first place a run
 * paired with it may start: past its last character, and at or past the
 * next character that is not part of a word, so that the two runs lie in
 * different words. Infinity when no word follows.
 *
 * Two runs of one word say little more than the rarer of them: at
 * 1,000,000 generated prompts "sea" and "rch" of "research assistant" were
 * each in about 30,750 prompts and together in 30,671, where chance times
 * SHARED_OVER_CHANCE guessed 2,836, so the pair was chosen and its 30,671
 * prompts tested (66 ms). "sea" with "tan", of the other word, are
 * together in 9,006. Runs that share characters go together more still
 * ("ssi" and "sis" are "ssis").
 */
function partnerPlaces(needle: string): number[] {
  // The first character at or after each one that is not part of a word, from the end.
  const boundaryFrom: number[] = [];
  let boundary = Number.POSITIVE_INFINITY;
  for (let at = needle.length - 1; at >= 0; at -= 1) {
    if (!WORD_CHARACTER.test(needle.charAt(at))) boundary = at;
    boundaryFrom[at] = boundary;
  }
  const places: number[] = [];
  for (let place = 0; place + TRIGRAM_LENGTH <= needle.length; place += 1) {
    const lastCharacter = place + TRIGRAM_LENGTH - 1;
    places.push(Math.max(lastCharacter + 1, boundaryFrom[lastCharacter] ?? Number.POSITIVE_INFINITY));
  }
  return places;
}

/** The plan for `needle` (chooseWindow), sampling its trigrams only when it could have one. */
export async function planWindow(db: Kysely<Database>, needle: string): Promise<WindowPlan | undefined> {
  const trigrams = plannableTrigrams(needle);
  if (!trigrams) return undefined;
  const [promptsHolding, libraryPrompts] =
    keptPlanInputs(db, trigrams) ?? (await Promise.all([estimatePromptsHolding(db, trigrams), estimateLibraryPrompts(db)]));
  return chooseWindow(needle, promptsHolding, libraryPrompts);
}

/** The estimates `known` holds, and 0 for a trigram it does not: one the index does not hold. */
function estimatesIn(known: ReadonlyMap<string, number>): TrigramPrompts {
  return (trigram) => known.get(trigram) ?? 0;
}

/**
 * The estimates and the library's size a plan needs, when every one is
 * kept already (the usual case: the bench's distinct needles share most of
 * their trigrams), read at once. Asking the kept estimates for each
 * trigram in turn made a promise for each, then another for them all, and
 * a map: about a tenth of what a distinct search allocated on the event
 * loop. Read so, an estimate does not count as used again (a plan with one
 * to sample asks for all of its own, which does): past MAX_KEPT_ESTIMATES
 * the ones dropped are not always the least recently used. Each is sampled
 * again after ESTIMATE_TTL_MS either way.
 */
function keptPlanInputs(db: Kysely<Database>, trigrams: readonly string[]): [TrigramPrompts, number] | undefined {
  const kept = estimatesKeptFor(db);
  const libraryPrompts = kept.peek<number>(LIBRARY_PROMPTS_KEY);
  if (libraryPrompts === undefined) return undefined;
  const known = new Map<string, number>();
  for (const trigram of trigrams) {
    const estimate = kept.peek<number>(trigram);
    if (estimate === undefined) return undefined;
    known.set(trigram, estimate.value);
  }
  return [estimatesIn(known), libraryPrompts.value];
}

/** The needle's trigrams if it may be read through a part: ASCII, and 2 to MAX_PRICED_TRIGRAMS of them. */
function plannableTrigrams(needle: string): string[] | undefined {
  if (!ASCII_ONLY.test(needle)) return undefined;
  const trigrams = trigramsOf(needle);
  return trigrams.length >= 2 && trigrams.length <= MAX_PRICED_TRIGRAMS ? trigrams : undefined;
}

/** Estimates kept per database handle (each test's database is its own), as any read is kept (ReadCache). */
const keptEstimates = new WeakMap<Kysely<Database>, PeekableReadCache>();

function estimatesKeptFor(db: Kysely<Database>): PeekableReadCache {
  let kept = keptEstimates.get(db);
  if (!kept) {
    kept = createReadCache({ ttlMs: ESTIMATE_TTL_MS, maxEntries: MAX_KEPT_ESTIMATES });
    keptEstimates.set(db, kept);
  }
  return kept;
}

/** The library size's key among the estimates: longer than any trigram. */
const LIBRARY_PROMPTS_KEY = 'library';

/** How many prompts the library holds, as its newest rowid (the estimates' scale), kept as they are. */
async function estimateLibraryPrompts(db: Kysely<Database>): Promise<number> {
  return estimatesKeptFor(db).get(LIBRARY_PROMPTS_KEY, async () => {
    const { rows } = await sql<{ newest: number | null }>`SELECT max(rowid) AS newest FROM prompts`.execute(db);
    return rows[0]?.newest ?? 0;
  });
}

/**
 * How many prompts hold each of `trigrams`, sampled again after
 * ESTIMATE_TTL_MS. The ones not known are sampled together in one
 * statement, and a sample in flight is shared: fifty searches starting at
 * once must not each read "ion". A failed sample is not kept.
 */
export async function estimatePromptsHolding(db: Kysely<Database>, trigrams: readonly string[]): Promise<TrigramPrompts> {
  const kept = estimatesKeptFor(db);
  const unique = [...new Set(trigrams)];
  const toSample: string[] = [];
  let sample: Promise<Map<string, number>> | undefined;
  const estimates = unique.map((trigram) =>
    kept.get(trigram, () => {
      toSample.push(trigram);
      // Started a microtask later, once this loop has listed every trigram the cache does not know.
      return Promise.resolve()
        .then(() => (sample ??= sampleTrigrams(db, toSample)))
        .then((sampled) => sampled.get(trigram) ?? 0);
    }),
  );
  const values = await Promise.all(estimates);
  return estimatesIn(new Map(unique.map((trigram, index) => [trigram, values[index] ?? 0])));
}

/**
 * Estimates from each trigram's `sampledMatches` newest matches, read from
 * the end of its list (FTS5 reads a list backwards without reading the rest;
 * bounding rowids instead read it all): a trigram with fewer is counted
 * exactly, and one with that many is held by the share of the rowids they
 * span of the library's rowids. One statement whatever the number of
 * trigrams, so it is prepared once.
 */
export async function sampleTrigrams(
  db: Kysely<Database>,
  trigrams: readonly string[],
  sampledMatches = SAMPLED_MATCHES,
): Promise<Map<string, number>> {
  const phrases = JSON.stringify(trigrams.map(ftsPhrase));
  const { rows } = await sql<{ position: number; sample: string; newest: number | null }>`
    SELECT phrases.key AS position,
      (SELECT json_array(count(*), min(id)) FROM (
        SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH phrases.value ORDER BY rowid DESC LIMIT ${sampledMatches}
      )) AS sample,
      (SELECT max(rowid) FROM prompts) AS newest
    FROM json_each(${phrases}) AS phrases`.execute(db);
  const estimates = new Map<string, number>();
  for (const { position, sample, newest } of rows) {
    const [matches, oldest] = JSON.parse(sample) as [number, number | null];
    const estimate =
      matches < sampledMatches || oldest === null || newest === null ? matches : Math.round((matches * newest) / (newest - oldest + 1));
    estimates.set(trigrams[position] ?? '', estimate);
  }
  return estimates;
}

/**
 * Up to `limit` rowids of prompts, of any status, containing `needle`: those
 * holding each of the plan's windows in the trigram index, each tested for
 * the whole needle with LIKE on its title and text, and how many there are,
 * counted up to `countTo` (firstCounted); undefined when the windows find
 * more than the plan's candidateLimit (the whole needle is cheaper to read).
 */
export async function windowMatches(
  db: Kysely<Database>,
  needle: string,
  plan: WindowPlan,
  limit: number,
  countTo = limit,
): Promise<CountedMatches<number> | undefined> {
  return guardedCandidateMatches(db, windowCandidates(needle, plan), needle, limit, countTo);
}

/** The plan's windows as candidates from the trigram index. */
function windowCandidates(needle: string, plan: WindowPlan): GuardedCandidates {
  return { index: sql`prompts_fts`, match: windowsMatch(needle, plan.windows), candidateLimit: plan.candidateLimit };
}

/** Candidates for a needle: a full-text index's rows matching an FTS5 query, and the most worth testing. */
export interface GuardedCandidates {
  readonly index: RawBuilder<unknown>;
  readonly match: string;
  readonly candidateLimit: number;
}

/**
 * Up to `limit` rowids of prompts, of any status, containing `needle`, of
 * the candidates an index's query finds, each tested with LIKE on its title
 * and text, and how many there are, counted up to `countTo`; undefined when
 * the query finds more than `candidateLimit` (the caller has a cheaper way).
 * One statement (guardedCandidatesQuery), so the candidates are not sent
 * back and forth.
 */
export async function guardedCandidateMatches(
  db: Kysely<Database>,
  candidates: GuardedCandidates,
  needle: string,
  limit: number,
  countTo = limit,
): Promise<CountedMatches<number> | undefined> {
  const { rows } = await guardedCandidatesQuery(candidates, needle, limit, countTo).execute(db);
  const [found] = rows;
  return found?.overflow ? undefined : joinedCountedRowids(found);
}

/**
 * The FTS5 query for a needle's windows: one window's phrase, or every
 * window's as one NEAR group, found only where all of them lie within the
 * needle's length of each other in one column, as in any prompt holding
 * the needle (the trigram tokenizer counts a token a character; the test
 * with LIKE does the rest). Narrower than their AND for the same entries
 * read, though most of the gain is the other words' trigrams
 * (otherWordsTrigrams): the windows of a part alone, as a NEAR group, found
 * 84,037 prompts against their AND's 88,708 over 284 of the bench's needles
 * at 100,000 prompts (measured with a distance of the needle's trigrams,
 * two fewer than here).
 */
export function windowsMatch(needle: string, windows: readonly string[]): string {
  const phrases = windows.map(ftsPhrase);
  return phrases.length === 1 ? (phrases[0] ?? '') : `NEAR(${phrases.join(' ')}, ${needle.length})`;
}

/** windowMatches' statement (guardedCandidatesQuery on the trigram index). */
export function windowMatchesQuery(needle: string, plan: WindowPlan, limit: number, countTo = limit) {
  return guardedCandidatesQuery(windowCandidates(needle, plan), needle, limit, countTo);
}

/**
 * guardedCandidateMatches' statement: one row, the matches joined
 * (firstCountedRowids) and whether the index found more than
 * candidateLimit prompts (`overflow`), in which case none was tested.
 * CROSS JOIN keeps SQLite's order: with a plain JOIN it scanned every
 * prompt with LIKE and probed the windows' list (179 against 40 ms at
 * 100,000 prompts). The candidates' limit, a count of its own for each
 * needle, is hidden from the planner, as are the LIKE patterns and
 * firstCountedRowids' counts: bound where the planner reads them, they had
 * the read thread prepare the statement again on every run
 * (db/sqlite-plan-values.ts).
 */
function guardedCandidatesQuery({ index, match, candidateLimit }: GuardedCandidates, needle: string, limit: number, countTo: number) {
  const tested = sql`SELECT prompts.rowid AS id FROM candidates CROSS JOIN prompts ON prompts.rowid = candidates.id
    WHERE (SELECT count(*) FROM candidates) <= ${candidateLimit} AND ${asciiTextContains(needle)}`;
  return sql<JoinedIds & { overflow: number }>`
    WITH candidates AS MATERIALIZED (
      SELECT rowid AS id FROM ${index} WHERE ${index} MATCH ${match} LIMIT ${hiddenFromPlanner(candidateLimit + 1)}
    )
    SELECT (SELECT count(*) FROM candidates) > ${candidateLimit} AS overflow, first.ids, first.n
    FROM (${firstCountedRowids(tested, limit, countTo)}) AS first`;
}
