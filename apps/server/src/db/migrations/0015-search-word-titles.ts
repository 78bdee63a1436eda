import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * PostgreSQL: how many titles hold each word of search_words (migration
 * 0011), beside how many prompts do, so best match can tell a common title
 * word without reading its titles (prompts/relevance.ts). At 100,000
 * prompts the first best-match page for "about" read 2,500 titles by LIKE
 * (5.7 ms) and then 2,500 whole-word ones by pg_trgm's word trigrams (13.6
 * ms), only to find both lists too long to use; SQLite answers the same
 * question from its titles' word index (migration 0014) in under a
 * millisecond.
 *
 * Counted once, here and by the recount (db/summaries.ts), like
 * search_words.prompts: a word added since counts 0 titles, and a known one
 * is not counted again. Prompts are never deleted, so a count is a lower
 * bound, except where a title's text changes, which is rare; the count only
 * steers the plan: a wrong one costs time, never a wrong answer.
 *
 * SQLite: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`ALTER TABLE search_words ADD COLUMN titles integer NOT NULL DEFAULT 0`.execute(db);
  // prompt_search holds the lower-cased titles (migration 0007), as search_words_of() expects them.
  await sql`UPDATE search_words SET titles = counted.ndoc
    FROM ts_stat('SELECT search_words_of(title) FROM prompt_search') AS counted
    WHERE search_words.word = counted.word`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`ALTER TABLE search_words DROP COLUMN IF EXISTS titles`.execute(db);
}
