import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';
import { WORD_LENGTH, WORD_STEP, searchWordsOfAsWritten } from './0011-search-words';
import { PAIR_SIDE_LENGTH, searchWordPairsOfAsWritten } from './0018-search-word-pairs';

/**
 * PostgreSQL: search_words_of() (migration 0011) and search_word_pairs_of()
 * (migration 0018) give the same lexemes as before, from a PL/pgSQL loop
 * over the text's runs instead of one SQL statement of set-returning
 * functions, a window and a sorted aggregate. Both run for every prompt
 * written, through prompt_search's generated columns: at 100,000 prompts
 * they took about 150 microseconds each a prompt, most of the generator's
 * 100 s of prompts on PostgreSQL (docs/performance.md, Generator). The
 * statement's executor is set up again at every call; the loop keeps its
 * plan for the session and only appends to an array. array_to_tsvector()
 * sorts the lexemes and drops the repeated ones, as DISTINCT did.
 *
 * The stored columns are not rewritten: a lexeme set is a value, and the
 * functions give the same value for every text (the migration's test
 * compares both versions on random texts and the corpus).
 *
 * SQLite: nothing; it has neither function.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  // Each maximal run of 0-9 and a-z, in pieces of WORD_LENGTH every WORD_STEP characters past WORD_LENGTH.
  await sql`CREATE OR REPLACE FUNCTION search_words_of(lowered text) RETURNS tsvector
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      run text;
      start integer;
      pieces text[] := '{}';
    BEGIN
      FOREACH run IN ARRAY regexp_split_to_array(lowered, '[^0-9a-z]+') LOOP
        CONTINUE WHEN run = '';
        FOR start IN 1 .. greatest(length(run) - ${sql.lit(WORD_STEP)}, 1) BY ${sql.lit(WORD_STEP)} LOOP
          pieces := pieces || substr(run, start, ${sql.lit(WORD_LENGTH)});
        END LOOP;
      END LOOP;
      RETURN array_to_tsvector(pieces);
    END $$`.execute(db);
  // Each two runs that follow each other within the title, or within the text; the empty runs a separator at
  // either end splits off pair with nothing.
  const side = sql.lit(PAIR_SIDE_LENGTH);
  await sql`CREATE OR REPLACE FUNCTION search_word_pairs_of(title text, prompt text) RETURNS tsvector
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      part text;
      word text;
      previous text;
      pairs text[] := '{}';
    BEGIN
      FOREACH part IN ARRAY ARRAY[title, prompt] LOOP
        previous := NULL;
        FOREACH word IN ARRAY regexp_split_to_array(part, '[^0-9a-z]+') LOOP
          CONTINUE WHEN word = '';
          IF previous IS NOT NULL THEN
            pairs := pairs || (right(previous, ${side}) || ' ' || left(word, ${side}));
          END IF;
          previous := word;
        END LOOP;
      END LOOP;
      RETURN array_to_tsvector(pairs);
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await searchWordsOfAsWritten.execute(db);
  await searchWordPairsOfAsWritten.execute(db);
}
