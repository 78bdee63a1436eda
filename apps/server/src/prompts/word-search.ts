import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect';
import { WORD_STEP } from '../db/migrations/0011-search-words';
import type { Database } from '../db/schema';

/**
 * Needles the word index (migration 0011) answers exactly: ASCII letters
 * and digits only, so every occurrence lies inside one indexed word, and no
 * longer than a long word's pieces overlap.
 */
const WORD_NEEDLE = new RegExp(`^[A-Za-z0-9]{1,${WORD_STEP + 1}}$`);

/**
 * The most indexed words containing a needle that one count looks up
 * together. A needle inside more ("e", "in") is counted the old way: a
 * query of thousands of posting lists would cost what the recheck does.
 */
export const MAX_WORDS_PER_NEEDLE = 1000;

/** Whether countByWords can count `text`. */
export function wordIndexServes(dialect: Dialect, text: string): boolean {
  return dialect === 'postgres' && WORD_NEEDLE.test(text);
}

/**
 * PostgreSQL: how many prompts, of any status, contain `text` (which
 * wordIndexServes), through the word index: the words containing it, from
 * search_words, then the prompts holding any of them, counted from the
 * index's posting lists without rechecking a text. At 100,000 prompts "with"
 * (51,816 prompts) counts in 24 ms where rechecking its trigram matches
 * took 80 ms; "ab" (80,465) in 38 ms where a scan took 300.
 * Undefined when more than MAX_WORDS_PER_NEEDLE words contain it.
 */
export async function countByWords(db: Kysely<Database>, text: string): Promise<number | undefined> {
  const query = await wordQuery(db, text);
  if (query === undefined) return undefined;
  if (query === NO_WORD) return 0;
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM prompt_search WHERE words @@ ${query}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * PostgreSQL: the ids of up to `limit` prompts, of any status, containing
 * `text` (which wordIndexServes), as countByWords finds them; undefined
 * when too many words contain it. "podcast" at 100,000 prompts: its first
 * 2,500 in 2 ms, against 6 ms from the trigram index.
 */
export async function firstMatchesByWords(db: Kysely<Database>, text: string, limit: number): Promise<string[] | undefined> {
  const query = await wordQuery(db, text);
  if (query === undefined) return undefined;
  if (query === NO_WORD) return [];
  // Planned for every row, as firstPromptSearchMatches explains: under a plain LIMIT the planner may scan.
  const { rows } = await sql<{ id: string }>`WITH matches AS MATERIALIZED (SELECT id FROM prompt_search WHERE words @@ ${query})
    SELECT id FROM matches LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/** wordQuery's answer when no indexed word contains the needle. */
const NO_WORD = Symbol('no word');

/**
 * The text search query matching any indexed word that contains `text`;
 * NO_WORD when none does, undefined when more than MAX_WORDS_PER_NEEDLE do.
 * The query is built in a subquery, which the planner cannot see into: it
 * then guesses few matches and reads the index's posting lists. Shown the
 * words, it guesses half the prompts for "with" and reads every row's words
 * instead (52 against 24 ms).
 */
async function wordQuery(db: Kysely<Database>, text: string) {
  // ASCII only: lower-casing it here is what PostgreSQL's lower() does to it.
  const pattern = `%${text.toLowerCase()}%`;
  const { rows } = await sql<{ word: string }>`
    SELECT DISTINCT word FROM search_words WHERE word LIKE ${pattern} LIMIT ${MAX_WORDS_PER_NEEDLE + 1}`.execute(db);
  if (rows.length > MAX_WORDS_PER_NEEDLE) return undefined;
  if (rows.length === 0) return NO_WORD;
  const words = rows.map((row) => row.word);
  return sql`(SELECT string_agg(quote_literal(word), ' | ')::tsquery FROM unnest(${words}::text[]) AS word)`;
}
