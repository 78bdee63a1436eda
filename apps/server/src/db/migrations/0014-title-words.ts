import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: an index of the titles' words (`prompt_title_words`), where best
 * match finds the titles holding a search as a whole word
 * (prompts/relevance.ts). It scanned the title index instead, testing each
 * title that contains the text: at 100,000 prompts "ab" (in 20,000 titles,
 * a word in none) took 40-77 ms and "story" 31 ms, each time the catalog
 * changed.
 *
 * The tokenizer splits where the whole-word rule (db/sqlite-functions.ts:
 * letters, digits and "_" are word characters) sees a boundary: unicode61
 * with only letters and digits as token characters, "_" added, case and
 * accents folded. A title holding a search in ASCII as a whole word
 * therefore holds its words as one phrase here, so the phrase's rows are
 * the candidates, which the rule then checks. One exception, in text typed
 * in decomposed form: the tokenizer keeps a combining mark inside the word
 * it joins, where the rule sees a boundary ("sume" stands alone in
 * "re\u0301sume\u0301" by the rule; here the word is "resume"), so such a
 * title is ranked among those holding the search inside a longer word, as
 * its composed spelling is.
 *
 * The table keeps its own copy of each title (not external content, as
 * prompts_fts and prompt_titles_fts are): checking 2,000 candidates read
 * their prompts' wide rows, 10-16 ms in a new process against 8-10 ms from
 * the copy. About 7 MB and 1 s to build at 100,000 prompts. PostgreSQL
 * reads pg_trgm's word trigrams instead (withWordTrigrams): nothing changes
 * there.
 */
const TITLE_WORDS_TOKENIZER = `unicode61 remove_diacritics 2 categories 'L* N*' tokenchars '_'`;

/** Fills the table from the prompts (here, and in the generator's bulk load). */
export const FILL_TITLE_WORDS = 'INSERT INTO prompt_title_words (rowid, title) SELECT rowid, title FROM prompts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE VIRTUAL TABLE prompt_title_words USING fts5(title, tokenize=${sql.lit(TITLE_WORDS_TOKENIZER)})`.execute(db);
  await sql.raw(FILL_TITLE_WORDS).execute(db);
  // Named after the table, so the generator finds and defers them (cli/generate/bulk-writer.ts).
  await sql`CREATE TRIGGER prompt_title_words_after_insert AFTER INSERT ON prompts BEGIN
      INSERT INTO prompt_title_words (rowid, title) VALUES (new.rowid, new.title);
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_title_words_after_delete AFTER DELETE ON prompts BEGIN
      DELETE FROM prompt_title_words WHERE rowid = old.rowid;
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_title_words_after_update AFTER UPDATE OF title ON prompts BEGIN
      UPDATE prompt_title_words SET title = new.title WHERE rowid = old.rowid;
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.raw(`prompt_title_words_after_${event}`)}`.execute(db);
  await sql`DROP TABLE prompt_title_words`.execute(db);
}
