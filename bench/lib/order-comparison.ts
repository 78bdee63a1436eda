import { timedRequest } from './one-client';
import { percentile } from './percentile';

/** Needles of every kind at 100,000 prompts: words in half the library, a phrase, mid-frequency words, rare ones, a two-letter one. */
export const RELEVANCE_NEEDLES = ['with', 'about', 'write a', 'story', 'email', 'data', 'newsletter', 'plan', 'ab'] as const;

/** Tags of the generated library (every prompt carries its category as a tag): each about a tenth of it. */
export const TAG_FILTERS = ['coding', 'writing', 'marketing'] as const;

/**
 * Requests timed in each order: enough that the p99 compared is a
 * percentile, not the one slowest request, which one pause of the machine
 * decides. Of 300, the p99 (percentile.ts) is the third slowest; 10 rounds
 * of 3 tags (30) or of 9 needles (90) made it the slowest of all.
 */
const ORDER_REQUESTS = 300;

/** Rounds of `filters` filters that time ORDER_REQUESTS requests in each order. */
export function orderRounds(filters: number): number {
  return Math.ceil(ORDER_REQUESTS / filters);
}

export interface OrderComparison {
  readonly requests: number;
  readonly likesP50Ms: number;
  readonly likesP99Ms: number;
  /** The order compared with the likes order: best match, or the list's default. */
  readonly otherP50Ms: number;
  readonly otherP99Ms: number;
}

/**
 * GET /api/prompts?<filter>&limit=48, one client, for each filter sorted by
 * likes and in `otherSort` (undefined: the API's default order). Issue 20
 * asks the tag filter and best match to stay within 1.5x of the likes order.
 * Each request follows a like, which empties the cached pages
 * (cache/library-writes.ts), so both orders are timed uncached, the way a
 * visitor meets a list nobody asked for since the last write.
 */
export async function compareWithLikesOrder(
  baseUrl: string,
  promptId: string,
  filters: readonly string[],
  otherSort: string | undefined,
  rounds = orderRounds(filters.length),
): Promise<OrderComparison> {
  const likes: number[] = [];
  const other: number[] = [];
  let user = 0;
  const write = async () => {
    user += 1;
    const response = await timedRequest(`${baseUrl}/api/prompts/${promptId}/like`, {
      method: 'POST',
      headers: { 'user-id': `user_orderbench${String(user).padStart(6, '0')}` },
      body: { liked: true },
    });
    if (!response.ok) throw new Error(`like before an order comparison: ${response.status}`);
  };
  const time = async (query: string, into: number[]) => {
    const response = await timedRequest(`${baseUrl}/api/prompts?${query}&limit=48`);
    if (!response.ok) throw new Error(`GET /api/prompts?${query}: ${response.status}`);
    into.push(response.ms);
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const filter of filters) {
      await write();
      await time(`${filter}&sort=likes_desc`, likes);
      await write();
      await time(otherSort ? `${filter}&sort=${otherSort}` : filter, other);
    }
  }
  likes.sort((a, b) => a - b);
  other.sort((a, b) => a - b);
  return {
    requests: likes.length + other.length,
    likesP50Ms: percentile(likes, 0.5),
    likesP99Ms: percentile(likes, 0.99),
    otherP50Ms: percentile(other, 0.5),
    otherP99Ms: percentile(other, 0.99),
  };
}

/**
 * The cached side of issue 20's comparison: endpoint rows of the bench
 * (bench/run.ts, ENDPOINTS, loaded at 50 connections) that ask the same
 * request in the order compared and sorted by likes. A visitor who repeats
 * a search or a tag link meets these, served from the read caches.
 */
export const CACHED_ORDER_PAIRS = [
  { order: 'best match', endpoint: 'search-relevance', likesEndpoint: 'search-likes' },
  { order: 'tag filter', endpoint: 'tags', likesEndpoint: 'tags-likes' },
] as const;

export interface CachedOrderRatio {
  readonly order: string;
  readonly p99Ms: number;
  readonly likesP99Ms: number;
  /** p99 over the likes order's p99. */
  readonly ratio: number;
}

/** Each pair of CACHED_ORDER_PAIRS whose two rows were measured, with its p99 ratio; pairs missing a row are left out. */
export function cachedOrderRatios(
  endpoints: readonly { readonly name: string; readonly app: { readonly p99: number } }[],
): CachedOrderRatio[] {
  const p99Of = (name: string) => endpoints.find((endpoint) => endpoint.name === name)?.app.p99;
  return CACHED_ORDER_PAIRS.flatMap(({ order, endpoint, likesEndpoint }) => {
    const p99Ms = p99Of(endpoint);
    const likesP99Ms = p99Of(likesEndpoint);
    if (p99Ms === undefined || likesP99Ms === undefined) return [];
    return [{ order, p99Ms, likesP99Ms, ratio: p99Ms / likesP99Ms }];
  });
}
