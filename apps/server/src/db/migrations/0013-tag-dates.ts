import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Each `prompt_tags` row carries its prompt's `created_at`, indexed after
 * the tag, so a tag's newest prompts (the list's default order) are the end
 * of one index range: a page reads its 48 entries and their rows.
 *
 * Without it, PostgreSQL walked the whole library's newest-first index and
 * looked each prompt up in the tag's: at 100,000 prompts "coding" (2,500
 * prompts) tested 2,796 of them, 11-17 ms against 0.5 ms (issue 20's tag
 * filter row, 1.57x the likes order). A prompt's creation time never
 * changes, so the copy cannot drift; the writes that add tags set it
 * (tags/repository.ts, the generator).
 *
 * SQLite cannot add a NOT NULL column without a default; the empty default
 * is never used, as every insert names the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .alterTable('prompt_tags')
    .addColumn('created_at', 'varchar(32)', (col) => (postgres ? col : col.notNull().defaultTo('')))
    .execute();
  await sql`UPDATE prompt_tags SET created_at = (SELECT prompts.created_at FROM prompts WHERE prompts.id = prompt_tags.prompt_id)`.execute(
    db,
  );
  if (postgres) await sql`ALTER TABLE prompt_tags ALTER COLUMN created_at SET NOT NULL`.execute(db);
  await db.schema.createIndex('prompt_tags_created_idx').on('prompt_tags').columns(['tag', 'created_at', 'prompt_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('prompt_tags_created_idx').execute();
  await db.schema.alterTable('prompt_tags').dropColumn('created_at').execute();
}
