import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * PostgreSQL: prompt_search (migration 0002) holds the text lower-cased, so
 * a search is a case-sensitive LIKE of the lower-cased needle. ILIKE
 * lower-cases every candidate's whole text again on each test: counting
 * "about" (half of 100,000 prompts) took 380 ms with ILIKE and 90 ms with
 * LIKE on lowered text. PostgreSQL's ILIKE is defined as LIKE between the
 * lower() of both sides in a multi-byte encoding, so the answers are the
 * same. The trigram indexes are built again on the lowered text.
 * SQLite's trigram index folds case itself: nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await rewriteSearchText(db, sql`lower(NEW.title), lower(NEW.prompt)`, sql`lower(title), lower(prompt)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await rewriteSearchText(db, sql`NEW.title, NEW.prompt`, sql`title, prompt`);
}

async function rewriteSearchText(db: Kysely<unknown>, fromNewRow: ReturnType<typeof sql>, fromPrompts: ReturnType<typeof sql>) {
  await sql`CREATE OR REPLACE FUNCTION prompt_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO prompt_search (id, title, prompt) VALUES (NEW.id, ${fromNewRow})
      ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, prompt = EXCLUDED.prompt;
      RETURN NULL;
    END $$`.execute(db);
  const indexes = await sql<{ definition: string }>`
    SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index
    WHERE indrelid = 'prompt_search'::regclass AND NOT indisprimary`.execute(db);
  // Rewriting every row under its GIN indexes costs far more than building them again.
  await sql`DROP INDEX IF EXISTS prompt_search_title_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS prompt_search_prompt_trgm_idx`.execute(db);
  await sql`TRUNCATE prompt_search`.execute(db);
  await sql`INSERT INTO prompt_search (id, title, prompt) SELECT id, ${fromPrompts} FROM prompts`.execute(db);
  for (const { definition } of indexes.rows) await sql.raw(definition).execute(db);
}
