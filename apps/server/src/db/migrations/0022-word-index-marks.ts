import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: the word index (`prompt_words`, migration 0021) reads each text
 * with a mark wherever words stand apart by anything but one space
 * (wordIndexText in db/sqlite-functions.ts; decision 0030). Its words
 * stood next to each other in the index across any run of separators, so a
 * phrase of a needle's words found prompts where a comma or a line break
 * parted them, and each one's row was read and tested with LIKE: at
 * 1,000,000 prompts, half the read threads' time under the bench's
 * distinct searches (docs/performance.md, session 54). With the marks, a
 * phrase of plainly spaced words finds exactly the prompts holding them,
 * from the index alone (prompts/word-phrase-plan.ts).
 *
 * The index's external content becomes a view of the prompts' marked texts
 * (`prompt_words_source`), so FTS5's rebuild (here and in the generator)
 * and its integrity check read what the triggers index. The view and the
 * triggers call pv_word_index_text, which every connection of the app
 * registers. The vocabulary gains the mark, a word of the index now.
 * Rebuilding the index reads every prompt: 30 s at 1,000,000 generated prompts
 * (docs/operations.md), in one transaction, writes held meanwhile.
 *
 * PostgreSQL: nothing; its word index is its own (migration 0011).
 */
/**
 * The function the view and the triggers call, as db/sqlite-functions.ts
 * registers it on every connection (SQLITE_WORD_INDEX_TEXT_FUNCTION), named
 * here rather than imported: a migration is history, and the name is part
 * of the schema it writes.
 */
const WORD_INDEX_TEXT_FUNCTION = 'pv_word_index_text';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await inOneTransaction(db, async () => {
    await dropIndex(db);
    const marked = sql.raw(WORD_INDEX_TEXT_FUNCTION);
    await sql`CREATE VIEW prompt_words_source AS
      SELECT rowid AS prompt_rowid, ${marked}(title) AS title, ${marked}(prompt) AS prompt FROM prompts`.execute(db);
    await createIndex(db, `content='prompt_words_source', content_rowid='prompt_rowid'`, (text) => `${WORD_INDEX_TEXT_FUNCTION}(${text})`);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await inOneTransaction(db, async () => {
    await dropIndex(db);
    // The mark stays in the vocabulary: a word no prompt holds costs a lookup, never a match (migration 0021).
    await createIndex(db, `content='prompts'`, (text) => text);
  });
}

/**
 * Runs `change` as one transaction, the database locked for writes
 * throughout. Kysely runs SQLite's migrations statement by statement, each
 * its own transaction: a process stopped during the rebuild would leave the
 * index without its triggers.
 */
async function inOneTransaction(db: Kysely<unknown>, change: () => Promise<void>): Promise<void> {
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await change();
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/**
 * Drops the index, its triggers and its view if any: a process stopped after
 * the commit but before Kysely recorded the migration runs it again.
 */
async function dropIndex(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`prompt_words_after_${event}`)}`.execute(db);
  await sql`DROP TABLE IF EXISTS prompt_words`.execute(db);
  await sql`DROP VIEW IF EXISTS prompt_words_source`.execute(db);
}

/**
 * The word index over `content`, each text indexed as `indexed` gives it,
 * filled from the content and kept by triggers named as migration 0021's
 * (the generator defers them by name), with each text's new words added to
 * the vocabulary.
 */
async function createIndex(db: Kysely<unknown>, content: string, indexed: (text: string) => string): Promise<void> {
  await sql`CREATE VIRTUAL TABLE prompt_words USING fts5(title, prompt, ${sql.raw(content)}, tokenize='ascii')`.execute(db);
  await sql`INSERT INTO prompt_words(prompt_words) VALUES ('rebuild')`.execute(db);
  // The rebuild writes a segment per megabyte of terms, and a search then reads a word's list from each of them
  // (12 at 1,000,000 prompts): merged into one, as the generator leaves its indexes.
  await sql`INSERT INTO prompt_words(prompt_words) VALUES ('optimize')`.execute(db);
  await addNewWords(db);
  const texts = (row: 'new' | 'old') => sql.raw(`${indexed(`${row}.title`)}, ${indexed(`${row}.prompt`)}`);
  // The words not listed yet, rather than OR IGNORE, which an outer INSERT OR ABORT or OR REPLACE would override.
  const newWords = sql`INSERT INTO search_vocabulary (word, reversed)
        SELECT value, pv_reversed(value) FROM json_each(pv_ascii_words(${sql.raw(indexed('new.title'))} || ' ' || ${sql.raw(indexed('new.prompt'))}))
        WHERE value NOT IN (SELECT word FROM search_vocabulary);`;
  await sql`CREATE TRIGGER prompt_words_after_insert AFTER INSERT ON prompts BEGIN
      INSERT INTO prompt_words(rowid, title, prompt) VALUES (new.rowid, ${texts('new')});
      ${newWords}
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_words_after_delete AFTER DELETE ON prompts BEGIN
      INSERT INTO prompt_words(prompt_words, rowid, title, prompt) VALUES ('delete', old.rowid, ${texts('old')});
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_words_after_update AFTER UPDATE OF title, prompt ON prompts BEGIN
      INSERT INTO prompt_words(prompt_words, rowid, title, prompt) VALUES ('delete', old.rowid, ${texts('old')});
      INSERT INTO prompt_words(rowid, title, prompt) VALUES (new.rowid, ${texts('new')});
      ${newWords}
    END`.execute(db);
}

/** The index's words the vocabulary lacks, listed once through `fts5vocab` (as migration 0021 fills it). */
async function addNewWords(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE temp.prompt_words_terms USING fts5vocab(main, prompt_words, row)`.execute(db);
  await sql`INSERT INTO search_vocabulary (word, reversed)
    SELECT term, pv_reversed(term) FROM temp.prompt_words_terms WHERE term NOT IN (SELECT word FROM search_vocabulary)`.execute(db);
  await sql`DROP TABLE temp.prompt_words_terms`.execute(db);
}
