import { type Kysely, type RawBuilder, sql } from 'kysely';
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
 * the candidates, which the rule then checks. The known exceptions: the
 * tokenizer keeps a combining accent (such as U+0301) inside the word it
 * joins, where the rule sees a boundary ("sume" stands alone in
 * "re\u0301sume\u0301" by the rule), and takes "İ", which JavaScript
 * lower-cases to "i" and a combining dot, for one letter ("zmir" in
 * "İzmir"). Such a title is a whole-word match the list misses, so it ranks
 * one tier lower than the rule says when the list is read (and as the rule
 * says when the tiers test each title instead); on PostgreSQL it ranks as
 * the rule says. Both need such a mark right beside the search.
 *
 * Each row also says whether its title is printable ASCII (`charset`,
 * "ascii" or "other"). There the tokenizer's words are exactly the rule's,
 * so a one-word search's ASCII candidates need no check, and the check,
 * which reads each title from the table's own copy, is left to the others
 * and to searches of several words: "story" (2,059 candidates at 100,000
 * prompts) 2.7-4.6 ms against 7-10 ms checking them all (24 ms on a
 * connection that had not read them yet). About 7 MB and 1.3 s to build at
 * 100,000 prompts. PostgreSQL reads pg_trgm's word trigrams instead
 * (withWordTrigrams): nothing changes there.
 */
const TITLE_WORDS_TOKENIZER = `unicode61 remove_diacritics 2 categories 'L* N*' tokenchars '_'`;

/** "ascii" for a title of printable ASCII only, else "other" (the generator's refill says the same). */
const charsetOf = (title: RawBuilder<unknown>) => sql`CASE WHEN ${title} GLOB '*[^ -~]*' THEN 'other' ELSE 'ascii' END`;
const CHARSET_OF_NEW_TITLE = charsetOf(sql`new.title`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE VIRTUAL TABLE prompt_title_words USING fts5(title, charset, tokenize=${sql.lit(TITLE_WORDS_TOKENIZER)})`.execute(db);
  await sql`INSERT INTO prompt_title_words (rowid, title, charset) SELECT rowid, title, ${charsetOf(sql`title`)} FROM prompts`.execute(db);
  // Named after the table, so the generator finds and defers them (cli/generate/bulk-writer.ts).
  await sql`CREATE TRIGGER prompt_title_words_after_insert AFTER INSERT ON prompts BEGIN
      INSERT INTO prompt_title_words (rowid, title, charset) VALUES (new.rowid, new.title, ${CHARSET_OF_NEW_TITLE});
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_title_words_after_delete AFTER DELETE ON prompts BEGIN
      DELETE FROM prompt_title_words WHERE rowid = old.rowid;
    END`.execute(db);
  await sql`CREATE TRIGGER prompt_title_words_after_update AFTER UPDATE OF title ON prompts BEGIN
      UPDATE prompt_title_words SET title = new.title, charset = ${CHARSET_OF_NEW_TITLE} WHERE rowid = old.rowid;
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const event of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.raw(`prompt_title_words_after_${event}`)}`.execute(db);
  await sql`DROP TABLE prompt_title_words`.execute(db);
}
