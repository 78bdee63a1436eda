import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/** SQLite's full-text indexes as of this migration (0002, 0012, 0014); a migration keeps its own list. */
const TABLES = ['prompts_fts', 'prompt_titles_fts', 'prompt_title_words'] as const;

/**
 * SQLite: each full-text index merges any two segments of a level when
 * asked (FTS5's `usermerge`, 4 by default), so the merge step that follows
 * each new prompt (db/full-text-merges.ts) keeps the recent prompts in one
 * segment; the setting is stored in the index's own config table. Then one
 * step (up to 500 leaf pages) folds the segments a running library has
 * gathered already. PostgreSQL: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const table of TABLES) {
    await command(db, table, 'usermerge', 2);
    await command(db, table, 'merge', 500);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const table of TABLES) await command(db, table, 'usermerge', 4);
}

/** An FTS5 special insert; the value is written out, as FTS5 wants an integer and a bound JavaScript number is a real. */
function command(db: Kysely<unknown>, table: string, name: string, value: number) {
  return sql`INSERT INTO ${sql.table(table)}(${sql.table(table)}, rank) VALUES (${name}, ${sql.lit(value)})`.execute(db);
}
