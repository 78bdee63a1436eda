import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: a trigram index of the titles alone (`prompt_titles_fts`), for the
 * reads that look for a text in titles only: related prompts' title-word
 * source (prompts/related-repository.ts) and best match's title matches
 * (prompts/relevance.ts). They asked `prompts_fts` (migration 0002) with a
 * column filter, which still reads each trigram's whole list of positions
 * in titles and texts: "language" is in 160 titles, but its trigram "age"
 * is in most texts, so finding those titles took 12.8 ms at 100,000 prompts,
 * against 1.0 ms here ("speechwriter" 4.1 against 1.8). The index costs about
 * 40 MB at 100,000 prompts (the database is 706 MB) and 3 s to build.
 * External content, like prompts_fts: the titles are stored once, in
 * prompts, and the triggers keep the index in step (titles never change
 * after a prompt is shared; likes and copies do not touch it).
 * PostgreSQL already has an index of its own on the lower-cased titles
 * (prompt_search, migrations 0002 and 0007): nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE VIRTUAL TABLE prompt_titles_fts USING fts5(title, content='prompts', tokenize='trigram')`.execute(db);
  // Index the titles that exist already (a database migrated with data in it).
  await sql`INSERT INTO prompt_titles_fts(prompt_titles_fts) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER prompt_titles_fts_after_insert AFTER INSERT ON prompts BEGIN
      INSERT INTO prompt_titles_fts(rowid, title) VALUES (new.rowid, new.title);
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_titles_fts_after_delete AFTER DELETE ON prompts BEGIN
      INSERT INTO prompt_titles_fts(prompt_titles_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_titles_fts_after_update AFTER UPDATE OF title ON prompts BEGIN
      INSERT INTO prompt_titles_fts(prompt_titles_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
      INSERT INTO prompt_titles_fts(rowid, title) VALUES (new.rowid, new.title);
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.raw(`prompt_titles_fts_after_${event}`)}`.execute(db);
  await sql`DROP TABLE prompt_titles_fts`.execute(db);
}
