import { type Kysely, sql } from 'kysely';

/**
 * The segments of an SQLite FTS5 index as its structure record lists them:
 * which levels hold how much. Read by the lift of large segments
 * (sqlite-full-text-levels.ts) and by the tests of the merges.
 */

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
