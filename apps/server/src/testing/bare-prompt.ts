import { type Kysely, sql } from 'kysely';

/**
 * Inserts a prompt row with only the columns the first migration requires,
 * for migration tests that run the migrations one by one (the app's own
 * insert needs the latest schema), or for a test that needs a row and
 * nothing else a prompt has.
 */
export function insertBarePrompt<DB>(db: Kysely<DB>, id: string, title: string, prompt: string) {
  return sql`INSERT INTO prompts (id, title, prompt, category, model, created_at)
    VALUES (${id}, ${title}, ${prompt}, 'Writing', 'o3', '2026-11-01T00:00:00.000Z')`.execute(db);
}
