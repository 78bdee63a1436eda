import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { SortOption } from '@prompt-vault/shared/schemas';
import { badRequest } from '../http/app-error';

/**
 * Keyset paging: the cursor names the last row of a page by its sort value
 * and id, so the next page is an indexed range scan, never an OFFSET.
 */
export interface Cursor {
  readonly value: string | number;
  readonly id: string;
}

export function encodeCursor(sort: SortOption, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([sort, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(sort: SortOption, encoded: string): Cursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 3) {
      const [cursorSort, value, id] = decoded as unknown[];
      if (cursorSort === sort && (typeof value === 'string' || typeof value === 'number') && typeof id === 'string') {
        return { value, id };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(ERROR_CODES.validation, 'Invalid cursor', { cursor: 'Invalid cursor for this sort order' });
}
