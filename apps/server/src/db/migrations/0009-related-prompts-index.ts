import type { Kysely } from 'kysely';

/**
 * Related prompts (prompts/related.ts) read the most liked prompts among
 * those carrying a tag or sharing a title word: a few hundred ids, each
 * needing its status and like count. Without this index each one reads the
 * prompt's row (on SQLite past its text, 7 ms for 2,500 ids at 100k
 * prompts; on PostgreSQL a heap page each); with it, one index entry each
 * (1.1 ms). A like moves one more index entry, as it already does in the
 * likes-ordered indexes of migrations 0001 and 0002.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('prompts_id_likes_idx').on('prompts').columns(['id', 'status', 'like_count']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('prompts_id_likes_idx').ifExists().execute();
}
