import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: no write merges a whole level of a full-text index at once, but
 * in the rarest case (decision 0032).
 *
 * FTS5 keeps each index as segments on levels. A write adds a small
 * segment and merges a bounded part of the others as it goes. But once a
 * level holds `crisismerge` segments (16 by default), the write merges that
 * whole level at once. A library built in bulk (the generator, a
 * migration's rebuild) holds one large segment per index, and the small
 * segments of later writes reach its level: one new prompt then rewrote
 * the large segment. At 100,000 generated prompts a new prompt took
 * 1,758 ms (the trigram index's 40,897 pages), and at 1,000,000 one took
 * 4,169 ms, all of it on the server's only JavaScript thread, where
 * SQLite writes, so every request waited as long.
 *
 * At 256 segments a level before that, the merging is left to bounded
 * steps: the writes' own, and the server's (db/sqlite-full-text-merges.ts),
 * which finish a merge under way and keep the levels short. Not FTS5's
 * highest (1,999): an index holds 2,000 segments at most and a write past
 * them fails (SQLITE_FULL), which a process running no steps (a tool, a
 * long import) could reach while a large merge is under way.
 *
 * The setting lives in each index's own configuration, so it holds for
 * every connection and survives FTS5's rebuild and optimize. The indexes
 * are named here rather than read from the schema: a migration is history.
 *
 * PostgreSQL: nothing; its indexes are its own.
 */
const INDEXES = ['prompts_fts', 'prompt_titles_fts', 'prompt_title_words', 'prompt_words', 'search_vocabulary_grams'];

/** The segments a level holds before a write merges it whole. */
export const CRISIS_MERGE_SEGMENTS = 256;

/** FTS5's default `crisismerge`. */
export const DEFAULT_CRISIS_MERGE = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await setCrisisMerge(db, CRISIS_MERGE_SEGMENTS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setCrisisMerge(db, DEFAULT_CRISIS_MERGE);
}

async function setCrisisMerge(db: Kysely<unknown>, segments: number): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const index of INDEXES) {
    // A literal: FTS5 takes an integer only, and a bound JavaScript number reaches it as a real.
    await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}, rank) VALUES ('crisismerge', ${sql.lit(segments)})`.execute(db);
  }
}
