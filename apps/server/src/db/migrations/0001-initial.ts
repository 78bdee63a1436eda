import { type Kysely, sql } from 'kysely';

// Written once for both dialects: only portable types and constraints.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompts')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('copy_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('visible'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('prompts_like_count_non_negative', sql`like_count >= 0`)
    .addCheckConstraint('prompts_copy_count_non_negative', sql`copy_count >= 0`)
    .addCheckConstraint('prompts_comment_count_non_negative', sql`comment_count >= 0`)
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('prompt_id', 'varchar(32)', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['prompt_id', 'user_id'])
    .execute();

  // An event log: one row per recorded copy, no key of its own.
  await db.schema
    .createTable('copies')
    .addColumn('prompt_id', 'varchar(32)', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('prompt_id', 'varchar(32)', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('author', 'text')
    .addColumn('user_id', 'varchar(80)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('visible'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  // One index per filter and sort of the list, each ending in id for keyset paging.
  await db.schema.createIndex('prompts_created_idx').on('prompts').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('prompts_likes_idx').on('prompts').columns(['status', 'like_count', 'id']).execute();
  await db.schema.createIndex('prompts_copies_idx').on('prompts').columns(['status', 'copy_count', 'id']).execute();
  await db.schema.createIndex('prompts_category_idx').on('prompts').columns(['category', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('prompts_model_idx').on('prompts').columns(['model', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('likes_user_idx').on('likes').columns(['user_id', 'prompt_id']).execute();
  await db.schema.createIndex('likes_created_idx').on('likes').column('created_at').execute();
  await db.schema.createIndex('copies_prompt_idx').on('copies').columns(['prompt_id']).execute();
  await db.schema.createIndex('copies_created_idx').on('copies').column('created_at').execute();
  await db.schema.createIndex('comments_prompt_idx').on('comments').columns(['prompt_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['comments', 'copies', 'likes', 'prompts']) {
    await db.schema.dropTable(table).execute();
  }
}
