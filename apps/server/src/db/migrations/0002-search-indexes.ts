import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Indexes for 100,000 prompts. Substring search keeps the spec's semantics (a case-insensitive
 * substring of the title or the text). Each database gets its own trigram
 * index, so this migration branches on the dialect:
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over the prompts table
 *   (external content: the text is stored once, in prompts), kept in sync by
 *   triggers. Only edits of title or prompt touch it, not counter updates.
 * - PostgreSQL: pg_trgm GIN indexes on a copy of title and prompt
 *   (prompt_search, kept in sync by a trigger), which serve ILIKE '%q%'.
 *
 * Trigrams cannot index a needle shorter than 3 characters; search.ts falls
 * back to a scan for those.
 */
/**
 * Sorting by likes or copies within one category or model: without these the
 * database reads every row of the category and sorts it (13 ms for a model at
 * 100k prompts on SQLite); with them the first page is a range scan.
 */
const FILTERED_SORT_INDEXES = [
  { name: 'prompts_category_likes_idx', columns: ['category', 'status', 'like_count', 'id'] },
  { name: 'prompts_category_copies_idx', columns: ['category', 'status', 'copy_count', 'id'] },
  { name: 'prompts_model_likes_idx', columns: ['model', 'status', 'like_count', 'id'] },
  { name: 'prompts_model_copies_idx', columns: ['model', 'status', 'copy_count', 'id'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of FILTERED_SORT_INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on('prompts')
      .columns([...index.columns])
      .execute();
  }
  if (dialectOf(db) === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE prompts_fts USING fts5(title, prompt, content='prompts', tokenize='trigram')`.execute(db);
    // Index the prompts that exist already (a database migrated with data in it).
    await sql`INSERT INTO prompts_fts(prompts_fts) VALUES ('rebuild')`.execute(db);
    await sql`CREATE TRIGGER prompts_fts_after_insert AFTER INSERT ON prompts BEGIN
        INSERT INTO prompts_fts(rowid, title, prompt) VALUES (new.rowid, new.title, new.prompt);
      END`.execute(db);
    await sql`CREATE TRIGGER prompts_fts_after_delete AFTER DELETE ON prompts BEGIN
        INSERT INTO prompts_fts(prompts_fts, rowid, title, prompt) VALUES ('delete', old.rowid, old.title, old.prompt);
      END`.execute(db);
    await sql`CREATE TRIGGER prompts_fts_after_update AFTER UPDATE OF title, prompt ON prompts BEGIN
        INSERT INTO prompts_fts(prompts_fts, rowid, title, prompt) VALUES ('delete', old.rowid, old.title, old.prompt);
        INSERT INTO prompts_fts(rowid, title, prompt) VALUES (new.rowid, new.title, new.prompt);
      END`.execute(db);
    return;
  }

  // The extension is database-wide: create it once, in public, never inside a
  // per-test schema (dropping that schema would take the extension and every
  // index using it along). The advisory lock serialises migrations of
  // parallel schemas racing to create it.
  await sql`SELECT pg_advisory_xact_lock(hashtext('prompt-vault:pg_trgm'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
  const found = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema ?? 'public';
  const opclass = sql`${sql.id(schema)}.gin_trgm_ops`;
  // The searchable text lives in a table of its own, kept in step by a
  // trigger. On prompts, every like or copy rewrites the row (like_count is
  // indexed, so the update is never HOT) and would add the whole text's
  // trigrams to the GIN indexes again: likes slowed down and the indexes'
  // pending lists, which every search reads, kept growing.
  await sql`CREATE TABLE prompt_search (
      id varchar(32) PRIMARY KEY REFERENCES prompts (id) ON DELETE CASCADE,
      title text NOT NULL,
      prompt text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO prompt_search (id, title, prompt) SELECT id, title, prompt FROM prompts`.execute(db);
  await sql`CREATE FUNCTION prompt_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO prompt_search (id, title, prompt) VALUES (NEW.id, NEW.title, NEW.prompt)
      ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, prompt = EXCLUDED.prompt;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER prompt_search_after_write AFTER INSERT OR UPDATE OF title, prompt ON prompts
    FOR EACH ROW EXECUTE FUNCTION prompt_search_sync()`.execute(db);
  await sql`CREATE INDEX prompt_search_title_trgm_idx ON prompt_search USING gin (title ${opclass})`.execute(db);
  await sql`CREATE INDEX prompt_search_prompt_trgm_idx ON prompt_search USING gin (prompt ${opclass})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of FILTERED_SORT_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['prompts_fts_after_insert', 'prompts_fts_after_delete', 'prompts_fts_after_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS prompts_fts`.execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS prompt_search_after_write ON prompts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS prompt_search_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS prompt_search`.execute(db);
}
