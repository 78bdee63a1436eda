import { type Kysely, sql } from 'kysely';
import { pagesOf, segmentsOf } from './fts5-structure';

/**
 * SQLite: a full-text index's large segment kept off level 0 (decision 0033).
 *
 * FTS5 writes each new segment to level 0 and, once a level holds four,
 * merges them into one on the next level, a step at a time (the writes'
 * own steps, and the server's: sqlite-full-text-merges.ts). An index built
 * in one pass (the generator, a migration's rebuild) is one large segment
 * on level 0, so the fourth write after it begins a merge of the whole
 * index, which the steps take minutes over at 1,000,000 prompts. Meanwhile
 * new segments pile up on level 0, and the write that brings it to
 * `crisismerge` segments (256, migration 0023) finishes the merge under way
 * at once: 2.97 s at 100,000 generated prompts and 2.23 s at 1,000,000,
 * on the server's JavaScript thread (docs/performance.md, session 60).
 *
 * Above level 0, a large segment is merged only with what its own level
 * gathers, and the level 0 that fills meanwhile holds small segments
 * alone: a crisis merges those.
 *
 * FTS5 has no command that moves a segment. Its optimize merges every
 * segment into one on the level above the highest, and leaves a lone
 * segment where it is. So the lift first writes a second segment, an entry
 * and its deletion, which cancel out in the merge.
 */

/** The leaf pages of a segment on level 0 that make it one to lift: merged at once, a few dozen milliseconds. */
export const LARGE_SEGMENT_PAGES = 256;

/** The placeholder entry's text in every column: a word and a trigram to every tokenizer of ours. */
const PLACEHOLDER = 'lift';

/** Whether `index` holds a segment of more than LARGE_SEGMENT_PAGES on level 0. */
export async function holdsLargeSegmentOnLevelZero<DB>(db: Kysely<DB>, index: string): Promise<boolean> {
  return (await segmentsOf(db, index)).some((segment) => segment.level === 0 && pagesOf(segment) > LARGE_SEGMENT_PAGES);
}

/**
 * Merges `index` into one segment above level 0: one rewrite of the whole
 * index, as FTS5's optimize, which this ends with.
 */
export async function mergeAboveLevelZero<DB>(db: Kysely<DB>, index: string): Promise<void> {
  const table = sql.table(index);
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${index})`.execute(db);
  const columns = sql.join(rows.map((row) => sql.ref(row.name)));
  const values = sql.join(rows.map(() => PLACEHOLDER));
  if (await hasContentElsewhere(db, index)) {
    // Only the index is written: the entry and its deletion name a rowid no content row has.
    await sql`INSERT INTO ${table} (rowid, ${columns}) VALUES (-1, ${values})`.execute(db);
    await sql`INSERT INTO ${table} (${sql.ref(index)}, rowid, ${columns}) VALUES ('delete', -1, ${values})`.execute(db);
  } else {
    await sql`INSERT INTO ${table} (${columns}) VALUES (${values})`.execute(db);
    await sql`DELETE FROM ${table} WHERE rowid = last_insert_rowid()`.execute(db);
  }
  await sql`INSERT INTO ${table} (${sql.ref(index)}) VALUES ('optimize')`.execute(db);
}

/** Whether `index` takes its content from another table (FTS5's external content), or holds its own. */
async function hasContentElsewhere<DB>(db: Kysely<DB>, index: string): Promise<boolean> {
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = ${index}`.execute(db);
  return /\bcontent\s*=\s*'[^']*'/i.test(rows[0]?.sql ?? '');
}
