import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { addKeptCounts } from './kept-counts';
import { wordsOfRow } from './migrations/0020-search-word-expressions';
import type { Database } from './schema';

/**
 * PostgreSQL: how many visible prompts hold each word of the word index
 * (prompt_search_words_idx, migrations 0011 and 0020), kept with the writes (migration
 * 0017, decision 0016), so a common word's exact total is read from a few
 * rows (prompts/word-search.ts keptWordCount) instead of counted from its
 * matches: "about", in half the prompts, took 337 ms at 1,000,000 (issue
 * 21). The words are computed by the index's own expression (wordsOfRow),
 * so they are exactly the ones a search looks its needle up in. SQLite
 * keeps none: its search has no word index.
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
      SELECT word, count(*) AS prompts FROM prompt_search, unnest(tsvector_to_array(${wordsOfRow('prompt_search')})) AS word
      WHERE id IN (${sql.join(ids.slice(start, start + READ_BATCH))}) GROUP BY word`.execute(db);
    for (const row of rows) counts.set(row.word, (counts.get(row.word) ?? 0) + Number(row.prompts));
  }
  await addKeptCounts(db, 'search_word_counts', counts, step);
}

/** Prompts whose words one statement reads (an import counts thousands at once). */
const READ_BATCH = 2000;

/**
 * Replaces the kept counts of the visible prompts (search_word_counts) and
 * the words a search looks its needle up in (search_words, migration 0011,
 * each with the titles holding it, migration 0015) with a recount of every
 * prompt (db/summaries.ts); nothing on SQLite. Each prompt's words are
 * computed once, into a table that lasts until the transaction ends: the
 * index keeps them, not the table (migration 0020), and they cost about
 * 110 microseconds a prompt, so the two counts computing them again each
 * would have added about 100 s to the generator at 1,000,000 prompts.
 * Inside a transaction only (both callers hold one): the table is dropped
 * when it commits, and outside one the next statement could run on another
 * connection.
 */
export async function recountSearchWords(trx: Kysely<Database>): Promise<void> {
  if (dialectOf(trx) === 'sqlite') return;
  await withParallelWorkersPriced(trx, () =>
    sql`CREATE TEMPORARY TABLE recounted_words ON COMMIT DROP AS
      SELECT p.status = 'visible' AS visible, ${wordsOfRow('s')} AS words, search_words_of(s.title) AS title_words
      FROM prompt_search s JOIN prompts p ON p.id = s.id`.execute(trx),
  );
  await trx.deleteFrom('search_word_counts').execute();
  // ts_stat's ndoc: the documents (here visible prompts) holding each word, each counted once.
  await sql`INSERT INTO search_word_counts (word, prompts)
    SELECT word, ndoc FROM ts_stat('SELECT words FROM recounted_words WHERE visible')`.execute(trx);
  await sql`DELETE FROM search_words`.execute(trx);
  await sql`INSERT INTO search_words (word, prompts, titles)
    SELECT in_prompts.word, in_prompts.ndoc, coalesce(in_titles.ndoc, 0)
    FROM ts_stat('SELECT words FROM recounted_words') AS in_prompts
    LEFT JOIN ts_stat('SELECT title_words FROM recounted_words') AS in_titles ON in_titles.word = in_prompts.word`.execute(trx);
  await sql`DROP TABLE recounted_words`.execute(trx);
}

/**
 * Runs `statement` with parallel workers costing the planner nothing to
 * start or to hand rows over, then puts the transaction's own settings back.
 * The word functions are costed at 1 for the searches' plans (migration
 * 0020), so the planner sees computing every prompt's words as cheap and
 * plans it in one process, where it costs about 100 microseconds a prompt:
 * the recount's table took 9.0-9.7 s at 100,000 prompts that way, 3.2 s
 * with two workers (docs/performance.md, session 44). Inside a
 * transaction only, as recountSearchWords is: set_config's settings last
 * until it ends.
 */
async function withParallelWorkersPriced(trx: Kysely<Database>, statement: () => Promise<unknown>): Promise<void> {
  const { rows } = await sql<{ setup: string; tuple: string }>`
    SELECT current_setting('parallel_setup_cost') AS setup, current_setting('parallel_tuple_cost') AS tuple`.execute(trx);
  const own = rows[0];
  if (!own) throw new Error('current_setting answered no row');
  const price = (setup: string, tuple: string) =>
    sql`SELECT set_config('parallel_setup_cost', ${setup}, true), set_config('parallel_tuple_cost', ${tuple}, true)`.execute(trx);
  await price('0', '0');
  await statement();
  await price(own.setup, own.tuple);
}
