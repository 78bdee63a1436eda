import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * PostgreSQL: `search_word_counts`, how many visible prompts hold each word
 * of the word index (migration 0011: the maximal runs of 0-9 and a-z in the
 * lower-cased title and text, prompt_search.words), kept with the writes
 * like the other summaries (decision 0010), so that a search for a common
 * word reads its exact total from a few rows instead of counting every match
 * (decision 0016). Counted here once from the index's own words.
 *
 * SQLite: nothing (its search has no word index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`CREATE TABLE search_word_counts (word text NOT NULL PRIMARY KEY, prompts integer NOT NULL)`.execute(db);
  await sql`INSERT INTO search_word_counts (word, prompts)
    SELECT word, ndoc FROM ts_stat('SELECT s.words FROM prompt_search s JOIN prompts p ON p.id = s.id WHERE p.status = ''visible''')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`DROP TABLE IF EXISTS search_word_counts`.execute(db);
}
