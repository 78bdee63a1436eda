import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: an index of the titles alone, which the best-match order
 * (prompts/relevance.ts) scans for the prompts whose title holds a search
 * text as a whole word, or any title match of a needle too short for the
 * trigram index. The rows themselves carry the whole prompt text, so testing
 * each title in the table reads the table (250-950 ms at 100k prompts); the
 * index holds the titles alone (about 30 ms). Titles never change after a
 * prompt is shared, and likes and copies do not touch it.
 * PostgreSQL finds title matches through prompt_search's trigram index on
 * the lower-cased title (migrations 0002 and 0007): nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE INDEX prompts_title_idx ON prompts (title)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`DROP INDEX prompts_title_idx`.execute(db);
}
