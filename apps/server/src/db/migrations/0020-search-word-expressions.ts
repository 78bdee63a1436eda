import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * PostgreSQL: prompt_search keeps its words and word pairs (migrations 0011
 * and 0018) in its two GIN indexes only, built on the expressions
 * (search_words_of, search_word_pairs_of), instead of in stored columns
 * (decision 0026). The stored vectors were 1,308 of a row's 1,758 bytes
 * (the lower-cased title and text 402): at 100,000 prompts the heap was
 * 145 MB, more than PostgreSQL's default 128 MB of shared buffers beside the
 * prompts' 55 MB, and a search's rechecks and id reads went to the
 * operating system's cache for its pages. Without them the heap is 45 MB.
 *
 * What the columns did is done by the expressions: the searches name the
 * same expressions as the indexes (wordsOfRow and pairsOfRow below), the
 * recounts and the kept counts compute the words of the
 * prompts they read (db/search-word-counts.ts, db/summaries.ts), and the
 * trigger adding a new prompt's unseen words to search_words computes them
 * from the row. Both functions are costed as cheap as the stored columns'
 * match was (FUNCTION_COST).
 *
 * Dropping a column leaves its bytes in every row until the row is written
 * again, so the table is rewritten (CLUSTER, which a migration's
 * transaction allows, unlike VACUUM FULL; the clustering mark is taken off
 * again) before the two indexes are built. The table is locked meanwhile:
 * 44 s in all at 100,000 prompts on a two-core machine (docs/operations.md).
 * Rolling back rewrites it again, computing both functions for every row.
 *
 * SQLite: nothing; its search has no word index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`ALTER FUNCTION search_words_of(text) COST ${sql.lit(FUNCTION_COST)}`.execute(db);
  await sql`ALTER FUNCTION search_word_pairs_of(text, text) COST ${sql.lit(FUNCTION_COST)}`.execute(db);
  await addUnseenWords(sql`search_words_of(NEW.title || ' ' || NEW.prompt)`).execute(db);
  await sql`ALTER TABLE prompt_search DROP COLUMN words, DROP COLUMN word_pairs`.execute(db);
  await sql`CLUSTER prompt_search USING prompt_search_pkey`.execute(db);
  await sql`ALTER TABLE prompt_search SET WITHOUT CLUSTER`.execute(db);
  // Built from the helpers the searches name, so an index and its searches cannot drift apart.
  await sql`CREATE INDEX prompt_search_words_idx ON prompt_search USING gin ((${wordsOfRow('prompt_search')}))`.execute(db);
  await sql`CREATE INDEX prompt_search_word_pairs_idx ON prompt_search USING gin ((${pairsOfRow('prompt_search')}))`.execute(db);
  // No statistics of the expressions: ANALYZE would compute both for each of its 30,000 sampled rows (about 8 s,
  // in every ANALYZE and auto-analyze of the table), and no search reads them: each builds its query in a
  // subquery, which the planner cannot see into.
  await sql`ALTER INDEX prompt_search_words_idx ALTER COLUMN 1 SET STATISTICS 0`.execute(db);
  await sql`ALTER INDEX prompt_search_word_pairs_idx ALTER COLUMN 1 SET STATISTICS 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`DROP INDEX prompt_search_words_idx, prompt_search_word_pairs_idx`.execute(db);
  await sql`ALTER TABLE prompt_search
    ADD COLUMN words tsvector GENERATED ALWAYS AS (search_words_of(title || ' ' || prompt)) STORED,
    ADD COLUMN word_pairs tsvector GENERATED ALWAYS AS (search_word_pairs_of(title, prompt)) STORED`.execute(db);
  await sql`CREATE INDEX prompt_search_words_idx ON prompt_search USING gin (words)`.execute(db);
  await sql`CREATE INDEX prompt_search_word_pairs_idx ON prompt_search USING gin (word_pairs)`.execute(db);
  await addUnseenWords(sql`NEW.words`).execute(db);
  await sql`ALTER FUNCTION search_words_of(text) COST 100`.execute(db);
  await sql`ALTER FUNCTION search_word_pairs_of(text, text) COST 100`.execute(db);
}

/**
 * A row's words as prompt_search_words_idx holds them, for a statement that
 * reads prompt_search as `table` (an alias, or the table's name). A search
 * must name the index's expression for the planner to read the index: this
 * migration's test checks that PostgreSQL reads the index for both helpers,
 * and word-search.test.ts that the phrase statement reads it.
 */
export function wordsOfRow(table: string): RawBuilder<unknown> {
  return sql`search_words_of(${sql.ref(`${table}.title`)} || ' ' || ${sql.ref(`${table}.prompt`)})`;
}

/** A row's word pairs as prompt_search_word_pairs_idx holds them (wordsOfRow). */
export function pairsOfRow(table: string): RawBuilder<unknown> {
  return sql`search_word_pairs_of(${sql.ref(`${table}.title`)}, ${sql.ref(`${table}.prompt`)})`;
}

/**
 * The planner's cost of one call of either function, in units of
 * cpu_operator_cost: 1, as for the stored columns' `@@`, although a call
 * takes 110-155 microseconds. The planner charges a bitmap heap scan's
 * recheck condition for every row it fetches, but PostgreSQL evaluates it
 * only on the pages a bitmap past work_mem keeps whole, which the table's
 * size keeps from happening up to about 1,100,000 prompts in the default 4
 * MB (docs/operations.md, Sizing, says when to raise it; decision 0026).
 * Costed at 1,000, their real price, the phrase statement's plan at
 * 1,000,000 prompts became a parallel bitmap heap scan (25 ms with its
 * workers' start against 1.8 ms) and the distinct-search load's warm-up ran
 * under 19 searches a second. What the low cost leaves open is a scan
 * computing them for every row, chosen for a query the planner
 * can see and thinks common; every search builds its query in a subquery,
 * which the planner cannot see into. (This migration's test and
 * word-search.test.ts check that the searches name the indexes'
 * expressions, not which plan a visible common query would get.)
 */
const FUNCTION_COST = 1;

/** search_words_add() (migration 0011), adding the unseen words of `words`, an expression of the new row. */
function addUnseenWords(words: RawBuilder<unknown>) {
  return sql`CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT added.word FROM unnest(tsvector_to_array(${words})) AS added (word)
        WHERE NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word = added.word);
      RETURN NULL;
    END $$`;
}
