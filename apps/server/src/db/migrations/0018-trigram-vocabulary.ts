import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: `prompts_fts_vocab`, a read-only view of the trigram index's own
 * vocabulary (FTS5's fts5vocab, one row per trigram: `doc`, the prompts
 * holding it, and `cnt`, its occurrences). It stores nothing and is never
 * written. A search reads the figures of its needle's trigrams to choose
 * which part of the needle to look up (prompts/trigram-plan.ts, decision
 * 0018).
 *
 * PostgreSQL: nothing (its phrases are found through their words, decision
 * 0014).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE VIRTUAL TABLE prompts_fts_vocab USING fts5vocab(prompts_fts, row)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`DROP TABLE IF EXISTS prompts_fts_vocab`.execute(db);
}
