import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { addKeptCounts } from './kept-counts';
import type { Database } from './schema';

/**
 * PostgreSQL: how many visible prompts hold each word of the word index
 * (prompt_search.words, migration 0011), kept with the writes (migration
 * 0017, decision 0016), so a common word's exact total is read from a few
 * rows (prompts/word-search.ts keptWordCount) instead of counted from its
 * matches: "about", in half the prompts, took 337 ms at 1,000,000 (issue
 * 21). The words are read from the index's own column, so they are exactly
 * the ones a search looks its needle up in. SQLite keeps none: its search
 * has no word index.
 */

/**
 * Adds (`step` 1) or takes away (-1) the words of the prompts `ids`, in the
 * transaction that makes them visible or hides them (or inserts them
 * visible); nothing on SQLite.
 */
export async function countPromptWords(db: Kysely<Database>, ids: readonly string[], step: 1 | -1): Promise<void> {
  if (ids.length === 0 || dialectOf(db) === 'sqlite') return;
  const counts = new Map<string, number>();
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const { rows } = await sql<{ word: string; prompts: number | string }>`
      SELECT word, count(*) AS prompts FROM prompt_search, unnest(tsvector_to_array(words)) AS word
      WHERE id IN (${sql.join(ids.slice(start, start + READ_BATCH))}) GROUP BY word`.execute(db);
    for (const row of rows) counts.set(row.word, (counts.get(row.word) ?? 0) + Number(row.prompts));
  }
  await addKeptCounts(db, 'search_word_counts', counts, step);
}

/** Prompts whose words one statement reads (an import counts thousands at once). */
const READ_BATCH = 2000;

/** Replaces every kept count with a recount of the visible prompts (db/summaries.ts); nothing on SQLite. */
export async function recountSearchWordCounts(trx: Kysely<Database>): Promise<void> {
  if (dialectOf(trx) === 'sqlite') return;
  await trx.deleteFrom('search_word_counts').execute();
  // ts_stat's ndoc: the documents (here visible prompts) holding each word, each counted once.
  await sql`INSERT INTO search_word_counts (word, prompts)
    SELECT word, ndoc FROM ts_stat('SELECT s.words FROM prompt_search s JOIN prompts p ON p.id = s.id WHERE p.status = ''visible''')`.execute(
    trx,
  );
}
