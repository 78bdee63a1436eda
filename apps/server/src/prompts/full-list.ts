import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SortOption } from '@prompt-vault/shared/schemas';
import type { DatabaseHandle } from '../db/connect';
import { type BytePatch, type SharedBytes, weakEtag } from '../http/shared-json';
import * as read from './read-repository';
import { toPrompt } from './to-prompt';

/**
 * Prompts read and encoded per turn of the event loop. Measured at 100,000
 * prompts of about 600 bytes: a whole build takes 0.7-1.0 s on either
 * database, and the longest turn 8-15 ms (20-24 ms at 1,000 a turn), which
 * is as long as another request can wait behind a build.
 */
const PROMPTS_PER_TURN = 400;

const LIKED_FALSE = Buffer.from(',"liked":false');
/** What a visitor's liked prompt gets in place of `false`: the same length, so no other byte moves. */
const LIKED_TRUE = Buffer.from('true ');

/** The unpaged list's JSON, with where each prompt's `liked` flag is, for a visitor's own copy. */
export interface FullList extends SharedBytes {
  readonly likedFlags: ReadonlyMap<string, { readonly chunk: number; readonly offset: number }>;
}

/**
 * Builds the JSON array of every prompt the filter matches, in the sort's
 * order, a page at a time on one consistent snapshot of the database
 * (DatabaseHandle.readSnapshot), handing the event loop back between pages:
 * at 100,000 prompts the whole list is about 60 MB, and building it in one
 * go held every other request for most of a second. Keyset paging on one
 * snapshot lists every prompt exactly once even while likes reorder them.
 * `liked` is false throughout; `patchesFor` sets a visitor's own.
 */
export async function buildFullList(database: DatabaseHandle, filter: read.PromptFilter, sort: SortOption): Promise<FullList> {
  return database.readSnapshot(async (db) => {
    const chunks: Buffer[] = [Buffer.from('[')];
    const likedFlags = new Map<string, { chunk: number; offset: number }>();
    const hash = createHash('sha1').update(chunks[0] as Buffer);
    let byteLength = 1;
    let after: read.PageRequest['after'];
    for (;;) {
      // A search walks the sort's index testing each prompt ('scan'): one pass over the library in all, where
      // looking the needle up again for every page would read all its matches each time.
      const rows = await read.listPrompts(
        db,
        database.dialect,
        filter,
        { sort, limit: PROMPTS_PER_TURN, after, searchStrategy: filter.q ? 'scan' : 'index' },
        undefined,
      );
      if (rows.length === 0) break;
      const pieces: Buffer[] = [];
      let offset = 0;
      for (const row of rows) {
        const separator = likedFlags.size === 0 ? '' : ',';
        const piece = Buffer.from(`${separator}${JSON.stringify(toPrompt(row))}`);
        likedFlags.set(row.id, { chunk: chunks.length, offset: offset + piece.indexOf(LIKED_FALSE) + LIKED_FALSE.length - 'false'.length });
        pieces.push(piece);
        offset += piece.length;
      }
      const chunk = Buffer.concat(pieces, offset);
      chunks.push(chunk);
      hash.update(chunk);
      byteLength += chunk.length;
      const last = rows.at(-1) as (typeof rows)[number];
      after = read.cursorAfter(sort, last);
      if (rows.length < PROMPTS_PER_TURN) break;
      await nextTurn();
    }
    const end = Buffer.from(']');
    chunks.push(end);
    hash.update(end);
    return { chunks, byteLength: byteLength + 1, etag: weakEtag(hash), likedFlags };
  });
}

/** The patches that turn the shared list into this visitor's: `liked` true on the prompts they like. */
export function patchesFor(list: FullList, likedIds: Iterable<string>): BytePatch[] {
  const patches: BytePatch[] = [];
  for (const id of likedIds) {
    const flag = list.likedFlags.get(id);
    if (flag) patches.push({ ...flag, bytes: LIKED_TRUE });
  }
  return patches;
}
