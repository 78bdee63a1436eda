import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * SQLite: each full-text index's large segment lifted off level 0, where
 * a burst of new prompts could have one write merge it whole (decision
 * 0033). A library built in bulk (the generator, the rebuilds of
 * migrations 0002, 0012, 0021 and 0022) holds one; a library that grew a
 * prompt at a time holds none, and is left as it is.
 *
 * FTS5 writes each new segment to level 0 and, once a level holds four,
 * merges them into one on the next level, a step at a time (the writes'
 * own steps, and the server's: sqlite-full-text-merges.ts). An index built
 * in one pass is one large segment on level 0, so the fourth write after
 * it begins a merge of the whole index, which the steps take minutes over
 * at 1,000,000 prompts. Meanwhile new segments pile up on level 0, and the
 * write that brings it to `crisismerge` segments (256, migration 0023)
 * finishes the merge under way at once: 2.97 s at 100,000 generated
 * prompts and 2.23 s at 1,000,000, on the server's JavaScript thread
 * (docs/performance.md, session 60). Above level 0, a large segment is
 * merged only with what its own level gathers, and the level 0 that fills
 * meanwhile holds small segments alone: a crisis merges those.
 *
 * Each index lifted is rewritten once, as FTS5's optimize does: at
 * 1,000,000 generated prompts, the two title indexes. Nothing to undo: the
 * segments' levels are no schema. The generator lifts its indexes with the
 * same function (mergeAboveLevelZero), and the tests read the segments with
 * this file's reader: as a migration's, both are history, changed only in
 * a copy of their own.
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
 * index, as FTS5's optimize, which this ends with. FTS5 has no command
 * that moves a segment: its optimize merges every segment into one on the
 * level above the highest, and leaves a lone segment where it is. So this
 * first writes a second segment, an entry and its deletion, which cancel
 * out in the merge.
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

/** A segment of an FTS5 index: its id, its level and its leaf pages, first to last. */
export interface Segment {
  readonly id: number;
  readonly level: number;
  readonly firstPage: number;
  readonly lastPage: number;
}

/** A varint of FTS5's records (SQLite's own: 7 bits a byte, most significant first, the ninth byte whole), and where the next begins. */
function readVarint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let index = 0; index < 8; index += 1) {
    const byte = bytes[at + index] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + index + 1];
  }
  return [value * 256 + (bytes[at + 8] ?? 0), at + 9];
}

/**
 * The segments a structure record lists (FTS5's fts5StructureRead): a
 * 4-byte cookie, the number of levels, of segments and the write counter,
 * then for each level the segments being merged, how many it holds, and
 * each one's id and first and last leaf page.
 */
export function parseSegments(block: Uint8Array): Segment[] {
  // FTS5's second structure format (contentless_delete indexes, none of ours) starts so after the cookie.
  if (block[4] === 0xff && block[5] === 0x00 && block[6] === 0x00 && block[7] === 0x01)
    throw new Error('an FTS5 structure this reader does not know');
  let at = 4;
  const next = () => {
    const [value, after] = readVarint(block, at);
    at = after;
    return value;
  };
  const levels = next();
  next();
  next();
  const segments: Segment[] = [];
  for (let level = 0; level < levels; level += 1) {
    next();
    const count = next();
    for (let index = 0; index < count; index += 1) segments.push({ id: next(), level, firstPage: next(), lastPage: next() });
  }
  return segments;
}

/** The segments of `index`, from its structure record (row 10 of its `_data` table). */
export async function segmentsOf<DB>(db: Kysely<DB>, index: string): Promise<Segment[]> {
  const { rows } = await sql<{ block: Uint8Array }>`SELECT block FROM ${sql.table(`${index}_data`)} WHERE id = 10`.execute(db);
  const block = rows[0]?.block;
  if (!block) throw new Error(`${index} has no structure record`);
  return parseSegments(block);
}

/** A segment's leaf pages. */
export function pagesOf(segment: Segment): number {
  return segment.lastPage - segment.firstPage + 1;
}
