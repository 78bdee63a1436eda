import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Tags (issue 20), independent of every migration after 0004:
 * - `prompts.tag_list`: the prompt's tags as the API shows them, separated by
 *   spaces (a tag never holds one), so every read of a prompt (pages, the
 *   unpaged list, the feed, MCP) gets them with its row, without a join;
 * - `prompt_tags`: one row per prompt and tag, keyed tag first, so the
 *   `tags=` filter reads one index range per tag;
 * - `tags`: how many visible prompts carry each tag, kept exact by every
 *   write that changes it (a new prompt, an import, hiding and unhiding) in
 *   the same transaction, so the facets read the most used tags from an
 *   index instead of counting them. A tag nobody shows any more keeps its row
 *   at 0 and is not listed.
 * Existing prompts have no tags, so nothing is backfilled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .alterTable('prompts')
    .addColumn('tag_list', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('prompt_tags')
    .addColumn('tag', 'varchar(100)', (col) => col.notNull())
    .addColumn('prompt_id', 'varchar(32)', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('prompt_tags_pk', ['tag', 'prompt_id'])
    .execute();

  // Names compare by code point on both databases (SQLite's BINARY; "C" on
  // PostgreSQL, whose default collation depends on the server's locale), so
  // ties in the facets come in the same order everywhere.
  await db.schema
    .createTable('tags')
    .addColumn('name', 'varchar(100)', (col) => {
      const named = col.primaryKey();
      return postgres ? named.modifyFront(sql`collate "C"`) : named;
    })
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('tags_count_non_negative', sql`count >= 0`)
    .execute();
  await db.schema.createIndex('tags_count_idx').on('tags').columns(['count desc', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tags').execute();
  await db.schema.dropTable('prompt_tags').execute();
  await db.schema.alterTable('prompts').dropColumn('tag_list').execute();
}
