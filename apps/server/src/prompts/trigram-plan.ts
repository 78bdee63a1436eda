import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ASCII_ONLY, TRIGRAM_MIN_LENGTH, ftsPhrase, likePattern } from './search';

/**
 * SQLite: which part of a needle a search looks up in the trigram index
 * (decision 0018).
 *
 * An FTS5 phrase reads the position list of every trigram of the needle, and
 * checks the positions in every prompt holding them all. A common trigram
 * ("ion", in 79% of the generated prompts, 1.8 occurrences each) costs that
 * work whatever the rest of the needle is: "tions a" took 29 ms at 100,000
 * prompts, though only 227 prompts hold it. A rarer part of the needle ("assist"
 * in "questions assistant") is read in a fraction of the time, and the few
 * prompts it finds are then tested for the whole needle with LIKE on their
 * own title and text, which is exact for an ASCII needle (search.ts).
 *
 * The index's own figures (migration 0018's `prompts_fts_vocab`: prompts and
 * occurrences per trigram) price each run of the needle's trigrams. They only
 * steer the choice: a stale or wrong figure costs time, never a wrong match,
 * and a part that finds more prompts than reading the whole needle would
 * have cost gives way to the whole needle (windowMatches).
 */

/**
 * Testing one prompt found by the part against the whole needle costs about
 * as much as reading this many trigram occurrences in a phrase. Measured at
 * 100,000 prompts, one thread: 3.2 microseconds a prompt tested ("checklis",
 * 17,091 prompts, 55 ms) against 35 nanoseconds an occurrence read ("tions
 * a", 722,000 occurrences, 29 ms; "e e", 90,000, 2.5 ms).
 */
const OCCURRENCES_PER_PROMPT_TESTED = 90;

/**
 * How many of the rarest trigram's prompts each further trigram of a run is
 * guessed to keep. Consecutive trigrams of a word mostly occur together
 * ("ckl" and "kli": 17,091 prompts each), so the guess keeps most. Chosen
 * among 0.3, 0.5, 0.7, 0.8 and 0.9 over 300 of the bench's needles at
 * 100,000 prompts: 0.8 read them in 60% of the whole needles' time.
 */
const KEPT_PER_FURTHER_TRIGRAM = 0.8;

/** The fewest prompts a part may find before the whole needle is read instead, whatever the estimate. */
const MIN_CANDIDATE_LIMIT = 50;

/** How long a trigram's figures are trusted; they drift only as prompts are added. */
const FIGURES_TTL_MS = 60_000;

/** The most trigrams whose figures a connection keeps; past it they are read again. */
const MAX_KEPT_FIGURES = 50_000;

export interface TrigramFigures {
  /** Prompts holding the trigram (either column). */
  readonly prompts: number;
  /** Its occurrences in all of them. */
  readonly occurrences: number;
}

/** Part of a needle to look up, and how many prompts it may find before the whole needle is cheaper. */
export interface WindowPlan {
  readonly window: string;
  readonly candidateLimit: number;
}

/**
 * The trigrams of an ASCII needle as the trigram tokenizer cuts them
 * (case-folded, overlapping, every three characters).
 */
export function trigramsOf(needle: string): string[] {
  const folded = needle.toLowerCase();
  const trigrams: string[] = [];
  for (let start = 0; start + TRIGRAM_MIN_LENGTH <= folded.length; start += 1) {
    trigrams.push(folded.slice(start, start + TRIGRAM_MIN_LENGTH));
  }
  return trigrams;
}

/**
 * The run of the needle's trigrams cheapest to read and test (its cost: its
 * occurrences, plus the prompts it is guessed to find times
 * OCCURRENCES_PER_PROMPT_TESTED), as the text it spans; undefined when the
 * whole needle costs no more, or it is not ASCII (the test would not fold
 * its case as the index does).
 */
export function chooseWindow(needle: string, figures: (trigram: string) => TrigramFigures): WindowPlan | undefined {
  if (!ASCII_ONLY.test(needle)) return undefined;
  const trigrams = trigramsOf(needle);
  if (trigrams.length < 2) return undefined;
  const wholeCost = trigrams.reduce((sum, trigram) => sum + figures(trigram).occurrences, 0);
  let best: { cost: number; readCost: number; first: number; last: number } | undefined;
  for (let first = 0; first < trigrams.length; first += 1) {
    let readCost = 0;
    let rarest = Number.POSITIVE_INFINITY;
    // The whole needle as a window costs its read plus the tests: never less than wholeCost.
    for (let last = first; last < trigrams.length; last += 1) {
      const { prompts, occurrences } = figures(trigrams[last] ?? '');
      readCost += occurrences;
      rarest = Math.min(rarest, prompts);
      const guessedPrompts = rarest * KEPT_PER_FURTHER_TRIGRAM ** (last - first);
      const cost = readCost + guessedPrompts * OCCURRENCES_PER_PROMPT_TESTED;
      if (!best || cost < best.cost) best = { cost, readCost, first, last };
    }
  }
  if (!best || best.cost >= wholeCost) return undefined;
  return {
    window: needle.slice(best.first, best.last + TRIGRAM_MIN_LENGTH),
    candidateLimit: Math.max(MIN_CANDIDATE_LIMIT, Math.floor((wholeCost - best.readCost) / OCCURRENCES_PER_PROMPT_TESTED)),
  };
}

/** The plan for `needle` (chooseWindow), reading the figures of its trigrams only when it could have one. */
export async function planWindow(db: Kysely<Database>, needle: string): Promise<WindowPlan | undefined> {
  const trigrams = trigramsOf(needle);
  if (!ASCII_ONLY.test(needle) || trigrams.length < 2) return undefined;
  return chooseWindow(needle, await readTrigramFigures(db, trigrams));
}

interface KeptFigures {
  readonly figures: TrigramFigures;
  readonly readAt: number;
}

/** Figures kept per database handle: each test's database is its own. */
const keptFigures = new WeakMap<object, Map<string, KeptFigures>>();

/** The figures of `trigrams` from the index's vocabulary, read once a minute at most (FIGURES_TTL_MS). */
export async function readTrigramFigures(db: Kysely<Database>, trigrams: readonly string[]): Promise<(trigram: string) => TrigramFigures> {
  let kept = keptFigures.get(db);
  if (!kept) {
    kept = new Map();
    keptFigures.set(db, kept);
  }
  const now = Date.now();
  const missing = [...new Set(trigrams)].filter((trigram) => {
    const entry = kept.get(trigram);
    return !entry || now - entry.readAt > FIGURES_TTL_MS;
  });
  if (missing.length > 0) {
    if (kept.size + missing.length > MAX_KEPT_FIGURES) kept.clear();
    const { rows } = await sql<{ term: string; doc: number; cnt: number }>`
      SELECT term, doc, cnt FROM prompts_fts_vocab WHERE term IN (${sql.join(missing)})`.execute(db);
    const found = new Map(rows.map((row) => [row.term, row]));
    for (const trigram of missing) {
      const row = found.get(trigram);
      // A trigram the index does not hold: no prompt contains the needle, and reading that part costs nothing.
      kept.set(trigram, { figures: { prompts: row?.doc ?? 0, occurrences: row?.cnt ?? 0 }, readAt: now });
    }
  }
  return (trigram) => kept.get(trigram)?.figures ?? { prompts: 0, occurrences: 0 };
}

/**
 * Up to `limit` rowids of prompts, of any status, containing `needle`: those
 * the plan's window finds in the trigram index, each tested for the whole
 * needle with LIKE on its title and text; undefined when the window finds
 * more than the plan's candidateLimit (the whole needle is cheaper to read).
 * One statement (windowMatchesQuery), so the window's prompts are not sent
 * back and forth.
 */
export async function windowMatches(db: Kysely<Database>, needle: string, plan: WindowPlan, limit: number): Promise<number[] | undefined> {
  const { rows } = await windowMatchesQuery(needle, plan, limit).execute(db);
  if (rows[0]?.id === null) return undefined;
  return rows.map((row) => row.id ?? 0);
}

/**
 * windowMatches' statement: a row with a null id first when the window finds
 * more than candidateLimit prompts. CROSS JOIN keeps SQLite's order: with a
 * plain JOIN it scanned every prompt with LIKE and probed the window's list
 * (179 against 40 ms at 100,000 prompts).
 */
export function windowMatchesQuery(needle: string, plan: WindowPlan, limit: number) {
  const pattern = likePattern(needle);
  return sql<{ id: number | null }>`
    WITH candidates AS MATERIALIZED (
      SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH ${ftsPhrase(plan.window)} LIMIT ${plan.candidateLimit + 1}
    )
    SELECT NULL AS id WHERE (SELECT count(*) FROM candidates) > ${plan.candidateLimit}
    UNION ALL
    SELECT prompts.rowid AS id FROM candidates CROSS JOIN prompts ON prompts.rowid = candidates.id
    WHERE (SELECT count(*) FROM candidates) <= ${plan.candidateLimit}
      AND (prompts.title LIKE ${pattern} ESCAPE '\\' OR prompts.prompt LIKE ${pattern} ESCAPE '\\')
    LIMIT ${limit}`;
}
