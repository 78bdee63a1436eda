import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * How much of each word a pair keeps: the last PAIR_SIDE_LENGTH characters
 * of the first word and the first PAIR_SIDE_LENGTH of the second, so a
 * needle's run of up to this length lies whole in its side of the pair
 * (prompts/word-search.ts, LONGEST_PHRASE_RUN) and no lexeme nears
 * PostgreSQL's limit of 2,047 bytes.
 */
export const PAIR_SIDE_LENGTH = 30;

/**
 * PostgreSQL: an index of the adjacent words of each prompt's searchable
 * text, so that a phrase ("steps for", "write a summary about") finds the
 * prompts where its words stand next to each other instead of every prompt
 * holding them all (decision 0020). The word index (migration 0011) knows
 * which words a text holds, not in which order, and pg_trgm's trigrams
 * stop at word boundaries: at 100,000 prompts "steps for" rechecked the
 * texts of every prompt holding "steps" (130-240 ms for 237 matches), and
 * at 1,000,000 "summary about" took 1.9 s.
 *
 * search_word_pairs_of(title, prompt) holds, for each two words (migration
 * 0011's runs of 0-9 and a-z) that follow each other in the lower-cased
 * title or in the lower-cased text, the lexeme "<end of the first> <start
 * of the second>" (PAIR_SIDE_LENGTH characters of each), whatever separates
 * them. The index is on that expression, not on a stored column: the pairs
 * are read only from the index, so they cost its 16 MB at 100,000 prompts
 * and nothing in the table. A pair stands for the words, not the
 * characters between them, so a search still tests each candidate's text.
 *
 * SQLite: nothing; its FTS5 trigram index spans word boundaries ("steps
 * for": 2-3 ms at 100,000 prompts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  const side = sql.lit(PAIR_SIDE_LENGTH);
  // WHERE runs before the window function: lag() never sees the empty strings that a separator at either end
  // of a text splits off, which would pair a word with nothing.
  await sql`CREATE FUNCTION search_word_pairs_of(title text, prompt text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_to_tsvector(array_agg(DISTINCT pair)), ''::tsvector)
      FROM (
        SELECT right(lag(word) OVER (PARTITION BY part ORDER BY n), ${side}) || ' ' || left(word, ${side}) AS pair
        FROM unnest(ARRAY[title, prompt]) WITH ORDINALITY AS parts (lowered, part),
             regexp_split_to_table(parts.lowered, '[^0-9a-z]+') WITH ORDINALITY AS words (word, n)
        WHERE word <> '') AS pairs
      WHERE pair IS NOT NULL
    $$`.execute(db);
  await sql`CREATE INDEX prompt_search_word_pairs_idx ON prompt_search USING gin (search_word_pairs_of(title, prompt))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`DROP INDEX IF EXISTS prompt_search_word_pairs_idx`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_word_pairs_of(text, text)`.execute(db);
}
