import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import type { Database } from './schema';

/**
 * SQLite's full-text (FTS5) indexes of the prompts (migrations 0002, 0012
 * and 0014), each kept in step by triggers on prompts; the generator defers
 * the triggers and rebuilds each index once.
 */
export const FULL_TEXT_TABLES = ['prompts_fts', 'prompt_titles_fts', 'prompt_title_words'] as const;

/**
 * The most leaf pages (about 4 KB each) one merge step writes per index:
 * merging a new prompt's segment into the other recent ones writes a few;
 * the cap bounds the rare step that merges two large ones (the work then
 * continues with the next prompts).
 */
const MERGE_STEP_PAGES = 500;

/**
 * SQLite: folds the small segments that new prompts leave in each full-text
 * index into one. FTS5 writes each transaction's rows as a segment of their
 * own, and its automatic merging, paced by the little each prompt writes,
 * fell behind: 6 to 11 segments after 20 to 40 single prompts on top of the
 * generated library's one. A search looks every trigram up in every segment:
 * at 100,000 prompts with 8 segments a phrase's lookup took 7.3 to 7.8 ms,
 * with them folded into 2 (the library's and the recent prompts') 6.7 to
 * 7.0 ms, as with one (docs/performance.md). With `usermerge` at 2
 * (migration 0018) a step merges any two segments of a level; a level's
 * segments are of like size, so the library's large one is left alone until
 * the recent prompts add up to as much. Called in the transaction that adds
 * prompts; PostgreSQL has nothing to merge.
 */
export async function mergeNewFullTextSegments(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of FULL_TEXT_TABLES) {
    // The page count written out: FTS5 wants an integer, and a bound JavaScript number is a real.
    await sql`INSERT INTO ${sql.table(table)}(${sql.table(table)}, rank) VALUES ('merge', ${sql.lit(MERGE_STEP_PAGES)})`.execute(db);
  }
}
