import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { dropFullTextSamples } from './full-text-statistics';
import * as initial from './migrations/0001-initial';
import * as searchIndexes from './migrations/0002-search-indexes';
import * as moderation from './migrations/0003-moderation';
import * as mergeSpellings from './migrations/0004-merge-spellings';
import * as summaries from './migrations/0005-summaries';
import * as tags from './migrations/0006-tags';
import * as loweredSearchText from './migrations/0007-lowered-search-text';
import * as similarityBands from './migrations/0008-similarity-bands';
import * as relatedPromptsIndex from './migrations/0009-related-prompts-index';
import * as titleIndex from './migrations/0010-title-index';
import * as searchWords from './migrations/0011-search-words';
import * as titleTrigrams from './migrations/0012-title-trigrams';
import * as tagDates from './migrations/0013-tag-dates';
import * as titleWords from './migrations/0014-title-words';
import * as searchWordTitles from './migrations/0015-search-word-titles';
import * as searchGrams from './migrations/0016-search-grams';
import * as searchWordCounts from './migrations/0017-search-word-counts';
import * as searchWordPairs from './migrations/0018-search-word-pairs';
import * as searchWordLoops from './migrations/0019-search-word-loops';
import * as searchWordExpressions from './migrations/0020-search-word-expressions';
import * as promptWords from './migrations/0021-prompt-words';
import * as wordIndexMarks from './migrations/0022-word-index-marks';
import * as fullTextCrisisMerge from './migrations/0023-full-text-crisis-merge';
import * as fullTextLargeSegmentsLifted from './migrations/0024-full-text-large-segments-lifted';
import type { Database } from './schema';
import { dialectOf } from './dialect-of';

// Migrations are listed in code rather than read from a folder, so they work
// the same under tsx, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-search-indexes': searchIndexes,
  '0003-moderation': moderation,
  '0004-merge-spellings': mergeSpellings,
  '0005-summaries': summaries,
  '0006-tags': tags,
  '0007-lowered-search-text': loweredSearchText,
  '0008-similarity-bands': similarityBands,
  '0009-related-prompts-index': relatedPromptsIndex,
  '0010-title-index': titleIndex,
  '0011-search-words': searchWords,
  '0012-title-trigrams': titleTrigrams,
  '0013-tag-dates': tagDates,
  '0014-title-words': titleWords,
  '0015-search-word-titles': searchWordTitles,
  '0016-search-grams': searchGrams,
  '0017-search-word-counts': searchWordCounts,
  '0018-search-word-pairs': searchWordPairs,
  '0019-search-word-loops': searchWordLoops,
  '0020-search-word-expressions': searchWordExpressions,
  '0021-prompt-words': promptWords,
  '0022-word-index-marks': wordIndexMarks,
  '0023-full-text-crisis-merge': fullTextCrisisMerge,
  '0024-full-text-large-segments-lifted': fullTextLargeSegmentsLifted,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables live in the connection's current schema
 * (or `schema`). Without naming it, Kysely looks for them in every schema, so
 * another schema's tables (a parallel test's, or another app's in the same
 * database) make it skip creating ours and fail.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const tableSchema = schema ?? (dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined);
  // Migrations written in parallel (0005 to 0007, 0008 to 0010) are independent of each other and may
  // ship in any order: a database that ran a later one must still take an earlier one, which an ordered
  // Migrator refuses.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(tableSchema ? { migrationTableSchema: tableSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  // Kept true of the schema as a migration would: an ANALYZE since the last start may have sampled them.
  if (dialectOf(db) === 'sqlite') await dropFullTextSamples(db);
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const name = rows[0]?.schema;
  if (!name) throw new Error('PostgreSQL has no current schema: set search_path');
  return name;
}
