import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { SortOption } from '@prompt-vault/shared/schemas';
import { badRequest } from '../http/app-error';
import { RELEVANCE_TIERS, type RelevanceTier } from './relevance';

/**
 * Keyset paging: the cursor names the last row of a page by its sort value
 * and id, so the next page is an indexed range scan, never an OFFSET.
 */
export interface Cursor {
  readonly value: string | number;
  readonly id: string;
  /** The best-match order's tier of that row (prompts/relevance.ts); only for sort=relevance. */
  readonly tier?: RelevanceTier;
}

export function encodeCursor(sort: SortOption, cursor: Cursor): string {
  const parts = cursor.tier === undefined ? [sort, cursor.value, cursor.id] : [sort, cursor.value, cursor.id, cursor.tier];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(sort: SortOption, encoded: string): Cursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    // [sort, value, id], and the tier last for the best-match order.
    const parts = Array.isArray(decoded) ? (decoded as unknown[]) : [];
    const [cursorSort, value, id, tier] = parts;
    const validTier = sort === 'relevance' ? parts.length === 4 && RELEVANCE_TIERS.some((known) => known === tier) : parts.length === 3;
    if (cursorSort === sort && (typeof value === 'string' || typeof value === 'number') && typeof id === 'string' && validTier) {
      return sort === 'relevance' ? { value, id, tier: tier as RelevanceTier } : { value, id };
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(ERROR_CODES.validation, 'Invalid cursor', { cursor: 'Invalid cursor for this sort order' });
}
