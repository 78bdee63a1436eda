import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: an index of the prompts' words (`prompt_words`), where a search of
 * words finds its candidates (prompts/word-phrase-plan.ts, decision 0028),
 * and the vocabulary of its words (`search_vocabulary`), where the plan
 * finds the words a needle's first word may end and its last word may begin
 * (by the word and by the word reversed), or a needle of one word may lie
 * in (through a trigram index of the words, `search_vocabulary_grams`, as
 * PostgreSQL's search_words, migration 0011). The trigram index (migration 0002) reads each trigram's list, and
 * the generated library's short vocabulary makes most of them long ("exp"
 * is in about 80% of the prompts); a word's list holds only the prompts
 * with that word.
 *
 * FTS5's `ascii` tokenizer: runs of ASCII letters and digits and of any
 * character past ASCII are words, A-Z folded. The vocabulary must hold
 * every word the index holds, and JavaScript (db/sqlite-functions.ts:
 * asciiWords) can cut words exactly so for these rules, not for
 * `unicode61`'s. A needle of ASCII words lies in consecutive words of the
 * index wherever a prompt holds it.
 *
 * External content, like prompts_fts: the texts are stored once, in
 * prompts, and the triggers keep the index and the vocabulary in step
 * through pv_ascii_words and pv_reversed, which every connection of the app
 * registers. The writes never take a word out of the vocabulary when its
 * prompts go: the plan needs every word of the index there, and one more
 * only costs it a lookup.
 * The triggers are named after the index, so the generator defers them and
 * refills both (cli/generate/bulk-writer.ts). PostgreSQL has its own word
 * index (migration 0011): nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE VIRTUAL TABLE prompt_words USING fts5(title, prompt, content='prompts', tokenize='ascii')`.execute(db);
  await sql`INSERT INTO prompt_words(prompt_words) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TABLE search_vocabulary (id integer PRIMARY KEY, word text NOT NULL UNIQUE, reversed text NOT NULL)`.execute(db);
  await sql`CREATE INDEX search_vocabulary_reversed ON search_vocabulary (reversed)`.execute(db);
  // Case-sensitive: the words are folded already, and folding more than ASCII (the Kelvin sign to "k") would find
  // words that do not hold a needle as LIKE sees it.
  await sql`CREATE VIRTUAL TABLE search_vocabulary_grams USING fts5(word, content='search_vocabulary', content_rowid='id',
    tokenize='trigram case_sensitive 1')`.execute(db);
  await sql`CREATE TRIGGER search_vocabulary_after_insert AFTER INSERT ON search_vocabulary BEGIN
      INSERT INTO search_vocabulary_grams(rowid, word) VALUES (new.id, new.word);
    END`.execute(db);
  await sql`CREATE TRIGGER search_vocabulary_after_delete AFTER DELETE ON search_vocabulary BEGIN
      INSERT INTO search_vocabulary_grams(search_vocabulary_grams, rowid, word) VALUES ('delete', old.id, old.word);
    END`.execute(db);
  await fillVocabulary(db);
  // The words not listed yet, rather than OR IGNORE, which an outer INSERT OR ABORT or OR REPLACE would override.
  const newWords = sql.raw(`INSERT INTO search_vocabulary (word, reversed)
        SELECT value, pv_reversed(value) FROM json_each(pv_ascii_words(new.title || ' ' || new.prompt))
        WHERE value NOT IN (SELECT word FROM search_vocabulary);`);
  await sql`CREATE TRIGGER prompt_words_after_insert AFTER INSERT ON prompts BEGIN
      INSERT INTO prompt_words(rowid, title, prompt) VALUES (new.rowid, new.title, new.prompt);
      ${newWords}
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_words_after_delete AFTER DELETE ON prompts BEGIN
      INSERT INTO prompt_words(prompt_words, rowid, title, prompt) VALUES ('delete', old.rowid, old.title, old.prompt);
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_words_after_update AFTER UPDATE OF title, prompt ON prompts BEGIN
      INSERT INTO prompt_words(prompt_words, rowid, title, prompt) VALUES ('delete', old.rowid, old.title, old.prompt);
      INSERT INTO prompt_words(rowid, title, prompt) VALUES (new.rowid, new.title, new.prompt);
      ${newWords}
    END`.execute(db);
}

/**
 * Fill the vocabulary from the index's own words, listed once through
 * `fts5vocab` (which reads every word's list: about 1.4 s at 1,000,000
 * generated prompts), into an empty vocabulary. The generator runs them
 * too, after its load (cli/generate/bulk-writer.ts).
 */
export const FILL_VOCABULARY = [
  'CREATE VIRTUAL TABLE temp.prompt_words_terms USING fts5vocab(main, prompt_words, row)',
  'INSERT INTO search_vocabulary (word, reversed) SELECT term, pv_reversed(term) FROM temp.prompt_words_terms',
  'DROP TABLE temp.prompt_words_terms',
] as const;

async function fillVocabulary(db: Kysely<unknown>): Promise<void> {
  for (const statement of FILL_VOCABULARY) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.raw(`prompt_words_after_${event}`)}`.execute(db);
  await sql`DROP TABLE search_vocabulary_grams`.execute(db);
  await sql`DROP TABLE search_vocabulary`.execute(db);
  await sql`DROP TABLE prompt_words`.execute(db);
}
