import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * PostgreSQL: the words of each prompt's searchable text, so that a search
 * for a word of ASCII letters and digits ("with", "ab") finds its prompts
 * through one posting list per word instead of rechecking the text of every
 * trigram match (prompts/word-search.ts, decision 0014).
 *
 * - prompt_search.words (generated from the lower-cased title and text):
 *   each maximal run of the characters 0-9 and a-z. Such a needle can only
 *   occur inside one run, so the prompts holding it are exactly those with a
 *   word containing it. A run longer than WORD_LENGTH characters is kept as
 *   overlapping pieces of WORD_LENGTH starting every WORD_STEP characters, so
 *   every needle of up to WORD_STEP + 1 characters lies whole in one piece,
 *   and no lexeme nears PostgreSQL's limit of 2,047 bytes.
 * - search_words: every word ever indexed, with a trigram index, where a
 *   search looks up the words containing its needle, and how many prompts
 *   held it when it was last counted (here, and by the generator's recount;
 *   1 for a word added since). Prompts are never deleted and their text
 *   rarely changes, so that is nearly always a lower bound: a search reads
 *   no match list for a word already known to be in more prompts than one
 *   holds (prompts/word-search.ts). It only steers the plan: a wrong bound
 *   costs time, never a wrong answer. Kept by a trigger, which the
 *   generator's bulk load pauses and whose table it recounts, as it does
 *   the summaries of migration 0005. Words are only added:
 *   one no prompt holds any more costs an empty posting list. The table has
 *   no unique key, so two writers adding the same new word never wait for
 *   each other (or deadlock, adding several in different orders); a rare
 *   duplicate is read once (grouped by word).
 *
 * SQLite: nothing; its FTS5 trigram index counts a common word in 8 ms at
 * 100,000 prompts where PostgreSQL's recheck took 35-80 ms.
 */
export const WORD_LENGTH = 60;
export const WORD_STEP = 30;

/**
 * search_words_of() as this migration wrote it: one SQL statement, which
 * migration 0019 replaced by a loop giving the same words in less time, and
 * its rollback restores.
 */
export const searchWordsOfAsWritten = sql`CREATE OR REPLACE FUNCTION search_words_of(lowered text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_to_tsvector(array_agg(DISTINCT substr(run, start, ${sql.lit(WORD_LENGTH)}))), ''::tsvector)
      FROM regexp_split_to_table(lowered, '[^0-9a-z]+') AS run,
           generate_series(1, greatest(length(run) - ${sql.lit(WORD_STEP)}, 1), ${sql.lit(WORD_STEP)}) AS start
      WHERE run <> ''
    $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await searchWordsOfAsWritten.execute(db);
  await sql`ALTER TABLE prompt_search ADD COLUMN words tsvector
    GENERATED ALWAYS AS (search_words_of(title || ' ' || prompt)) STORED`.execute(db);
  await sql`CREATE INDEX prompt_search_words_idx ON prompt_search USING gin (words)`.execute(db);

  await sql`CREATE TABLE search_words (word text NOT NULL, prompts integer NOT NULL DEFAULT 1)`.execute(db);
  await sql`INSERT INTO search_words (word, prompts) SELECT word, ndoc FROM ts_stat('SELECT words FROM prompt_search')`.execute(db);
  await sql`CREATE INDEX search_words_word_idx ON search_words (word)`.execute(db);
  const found = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const opclass = sql`${sql.id(found.rows[0]?.schema ?? 'public')}.gin_trgm_ops`;
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word ${opclass})`.execute(db);
  await sql`CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT added.word FROM unnest(tsvector_to_array(NEW.words)) AS added (word)
        WHERE NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word = added.word);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER search_words_after_write AFTER INSERT OR UPDATE OF title, prompt ON prompt_search
    FOR EACH ROW EXECUTE FUNCTION search_words_add()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`DROP TRIGGER IF EXISTS search_words_after_write ON prompt_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_add()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
  await sql`ALTER TABLE prompt_search DROP COLUMN IF EXISTS words`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_words_of(text)`.execute(db);
}
