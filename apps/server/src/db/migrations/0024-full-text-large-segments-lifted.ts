import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-of';
import { holdsLargeSegmentOnLevelZero, mergeAboveLevelZero } from '../sqlite-full-text-levels';

/**
 * SQLite: each full-text index's large segment lifted off level 0, where
 * a burst of new prompts could have one write merge it whole (decision
 * 0033). A library built in bulk (the generator, the rebuilds of
 * migrations 0002, 0012, 0021 and 0022) holds one; a library that grew a
 * prompt at a time holds none, and is left as it is.
 *
 * Each index lifted is rewritten once, as FTS5's optimize does: at
 * 1,000,000 generated prompts, the two title indexes (docs/performance.md,
 * session 60). Nothing to undo: the segments' levels are no schema.
 *
 * The indexes are named here rather than read from the schema: a migration
 * is history. PostgreSQL: nothing; its indexes are its own.
 */
const INDEXES = ['prompts_fts', 'prompt_titles_fts', 'prompt_title_words', 'prompt_words', 'search_vocabulary_grams'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const index of INDEXES) if (await holdsLargeSegmentOnLevelZero(db, index)) await mergeAboveLevelZero(db, index);
}

export async function down(): Promise<void> {
  // The lifted segments stay where they are: any level serves the same reads.
}
