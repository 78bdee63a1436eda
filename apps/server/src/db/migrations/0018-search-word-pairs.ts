import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * How much of each word a pair keeps: the last PAIR_SIDE_LENGTH characters
 * of the first word and the first PAIR_SIDE_LENGTH of the second. A search
 * builds the pairs it asks for from search_words, where a word over 60
 * characters is kept as pieces of 60 starting every 30 (migration 0011):
 * its last piece, at least 31 long, ends where the word does, and its
 * first starts where it does, so the same characters of a piece and of the
 * whole word make the same pair as long as this is at most 31. No lexeme
 * nears PostgreSQL's limit of 2,047 bytes. Fixed by the column already
 * built: changing it means rebuilding the column.
 */
export const PAIR_SIDE_LENGTH = 30;

/**
 * PostgreSQL: the adjacent words of each prompt's searchable text, so that
 * a phrase ("steps for", "write a summary about") finds the prompts where
 * its words stand next to each other instead of every prompt holding them
 * all (decision 0020). The word index (migration 0011) knows which words a
 * text holds, not in which order, and pg_trgm's trigrams stop at word
 * boundaries: at 100,000 prompts "steps for" rechecked the texts of every
 * prompt holding "steps" (130-240 ms for 237 matches), and at 1,000,000
 * "summary about" took 1.9 s.
 *
 * prompt_search.word_pairs (generated from the lower-cased title and text,
 * with a GIN index) holds, for each two words (migration 0011's runs of 0-9
 * and a-z) that follow each other in the title, or in the text, the lexeme
 * "<end of the first> <start of the second>" (PAIR_SIDE_LENGTH characters
 * of each), whatever separates them. A pair stands for the words, not the
 * characters between them, so a search still tests each candidate's text.
 *
 * A stored column, not an index on the expression (until migration 0020,
 * decision 0026, which keeps the pairs in an index on the expression once
 * the smaller table keeps bitmaps exact): an index alone (16 MB
 * at 100,000 prompts, nothing in the table) made PostgreSQL split the text
 * again for every row of a page its bitmap had to keep whole once the
 * matches outgrew work_mem: "open source" counted in 2.7 s with 64 kB of
 * work_mem, against 10 ms (at 1,000,000 prompts prompt_search spans 115,944
 * pages, which a phrase in a large share of them outgrows at the default
 * 4 MB).
 *
 * SQLite: nothing; its FTS5 trigram index spans word boundaries ("steps
 * for": 2-3 ms at 100,000 prompts).
 */
const side = sql.lit(PAIR_SIDE_LENGTH);

/**
 * search_word_pairs_of() as this migration wrote it: one SQL statement,
 * which migration 0019 replaced by a loop giving the same pairs in less
 * time, and its rollback restores. WHERE runs before the window function:
 * lag() never sees the empty strings that a separator at either end of a
 * text splits off, which would pair a word with nothing.
 */
export const searchWordPairsOfAsWritten = sql`CREATE OR REPLACE FUNCTION search_word_pairs_of(title text, prompt text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_to_tsvector(array_agg(DISTINCT pair)), ''::tsvector)
      FROM (
        SELECT right(lag(word) OVER (PARTITION BY part ORDER BY n), ${side}) || ' ' || left(word, ${side}) AS pair
        FROM unnest(ARRAY[title, prompt]) WITH ORDINALITY AS parts (lowered, part),
             regexp_split_to_table(parts.lowered, '[^0-9a-z]+') WITH ORDINALITY AS words (word, n)
        WHERE word <> '') AS pairs
      WHERE pair IS NOT NULL
    $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await searchWordPairsOfAsWritten.execute(db);
  await sql`ALTER TABLE prompt_search ADD COLUMN word_pairs tsvector
    GENERATED ALWAYS AS (search_word_pairs_of(title, prompt)) STORED`.execute(db);
  await sql`CREATE INDEX prompt_search_word_pairs_idx ON prompt_search USING gin (word_pairs)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`ALTER TABLE prompt_search DROP COLUMN IF EXISTS word_pairs`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_word_pairs_of(text, text)`.execute(db);
}
