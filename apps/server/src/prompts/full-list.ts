import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SortOption } from '@prompt-vault/shared/schemas';
import type { DatabaseHandle } from '../db/connect';
import { weakEtag } from '../http/shared-json';
import { createSpoolFile } from '../http/spool-file';
import type { PiecePatch, SpooledJson } from '../http/spooled-json';
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
/** How each prompt's JSON begins (toPrompt puts the id first); ids never need escaping (ID_SHAPE). */
const PROMPT_START = Buffer.from('{"_id":"');

/** The unpaged list's JSON, in a spool file, written a page of prompts (a piece) at a time. */
export type FullList = SpooledJson;

/**
 * Builds the JSON array of every prompt the filter matches, in the sort's
 * order, a page at a time on one consistent snapshot of the database
 * (DatabaseHandle.readSnapshot), handing the event loop back between pages:
 * at 100,000 prompts the whole list is about 60 MB, and building it in one
 * go held every other request for most of a second. The JSON goes to a
 * spool file, not the heap: at 1,000,000 prompts it is 700 MB, and eight
 * visitors downloading it took the server to 1 GB. Keyset paging on one
 * snapshot lists every prompt exactly once even while likes reorder them.
 * `liked` is false throughout; `likedFlagsPatch` sets a visitor's own.
 */
export async function buildFullList(database: DatabaseHandle, filter: read.PromptFilter, sort: SortOption): Promise<FullList> {
  const file = await createSpoolFile();
  try {
    return await database.readSnapshot(async (db) => {
      const hash = createHash('sha1');
      const pieceEnds: number[] = [];
      const write = async (piece: Buffer) => {
        hash.update(piece);
        await file.append(piece);
        pieceEnds.push(file.byteLength);
      };
      await write(Buffer.from('['));
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
        const separator = pieceEnds.length === 1 ? '' : ',';
        await write(Buffer.from(separator + rows.map((row) => JSON.stringify(toPrompt(row))).join(',')));
        const last = rows.at(-1) as (typeof rows)[number];
        after = read.cursorAfter(sort, last);
        if (rows.length < PROMPTS_PER_TURN) break;
        await nextTurn();
      }
      await write(Buffer.from(']'));
      return { file, etag: weakEtag(hash), pieceEnds };
    });
  } catch (error) {
    file.release();
    throw error;
  }
}

/**
 * Turns each piece of the shared list into this visitor's: `liked` true on
 * the prompts they like. The pieces hold whole prompts, each starting with
 * its id; the first `"liked":false` after an id is that prompt's own, since
 * a quote inside a string is escaped.
 */
export function likedFlagsPatch(likedIds: ReadonlySet<string>): PiecePatch {
  return (piece) => {
    for (let start = piece.indexOf(PROMPT_START); start !== -1; start = piece.indexOf(PROMPT_START, start + 1)) {
      const idStart = start + PROMPT_START.length;
      const idEnd = piece.indexOf('"', idStart);
      if (!likedIds.has(piece.toString('latin1', idStart, idEnd))) continue;
      const flag = piece.indexOf(LIKED_FALSE, idEnd);
      // Never found while toPrompt writes the flag; a missing one leaves the piece as it is rather than break it.
      if (flag !== -1) LIKED_TRUE.copy(piece, flag + LIKED_FALSE.length - 'false'.length);
    }
    return piece;
  };
}
