import { releaseSpooledJson } from '../http/spooled-json';
import { type PeekableReadCache, READ_CACHE_TTL_MS, type ReadCache, createReadCache } from './read-cache';
import { type SnapshotCache, createSnapshotCache } from './snapshot-cache';

/**
 * The app's caches, split by what invalidates them, so the stream of likes
 * and copies does not also throw away the list totals and facets:
 * - catalog: facets, list totals (of searches too), searches' short match
 *   lists and the best-match order's short title-match lists
 *   (prompts/kept-id-lists.ts), the hidden prompts' keys; they change only
 *   when a prompt is added (or hidden);
 * - idLists: the same lists of ids when longer, a few, invalidated with the
 *   catalog;
 * - activity: analytics and pages of the list (their like, copy and note
 *   counts); every write changes them;
 * - visitorLikes: the prompts each visitor likes, keyed by user id, for the
 *   `liked` flags of list pages; only that visitor's like or unlike changes
 *   an entry;
 * - fullLists: the unpaged list's JSON in a spool file (snapshot-cache.ts:
 *   exact, one build at a time); every write changes it;
 * - vocabulary: the words "did you mean" offers (suggestions/service.ts),
 *   changed by what changes the catalog; a snapshot cache too, so its TTL
 *   rebuilds it in the background instead of making a visitor wait.
 */
export interface AppCaches {
  readonly catalog: PeekableReadCache;
  readonly idLists: ReadCache;
  readonly activity: ReadCache;
  readonly visitorLikes: ReadCache;
  readonly fullLists: SnapshotCache;
  readonly vocabulary: ReadCache;
}

/**
 * A cached list page holds 48 prompts twice (objects and encoded JSON, about
 * 60 KB at the generator's sizes), so the activity cache is kept small enough
 * that visitors cycling through distinct searches cannot grow the process by
 * more than about 15 MB; the recently used pages and analytics stay.
 */
const ACTIVITY_MAX_ENTRIES = 256;

/**
 * Long lists of ids kept (up to MAX_LONG_KEPT_IDS each, prompts/kept-id-lists.ts):
 * at most about 5 MB on PostgreSQL, whose ids are strings, and under 1.5 MB
 * on SQLite, whose rowids are numbers.
 */
const ID_LISTS_MAX_ENTRIES = 16;

/** Visitors whose likes are kept: at most 100 ids each (MAX_KEPT_LIKES), so about 30 MB if every set were full. */
const VISITOR_LIKES_MAX_ENTRIES = 5000;

/**
 * Unpaged lists kept: each is the whole library's JSON, in a spool file
 * (about 60 MB at 100,000 prompts, plus its compressed forms once asked
 * for), so only the plain list in a couple of orders, or a filter or two,
 * are kept at once.
 */
const FULL_LISTS_MAX_ENTRIES = 2;

export function createAppCaches(ttlMs: number = READ_CACHE_TTL_MS): AppCaches {
  return {
    // Each list's spool file is held while the cache keeps the list.
    fullLists: createSnapshotCache({ ttlMs, maxEntries: FULL_LISTS_MAX_ENTRIES, release: releaseSpooledJson }),
    vocabulary: createSnapshotCache({ ttlMs, maxEntries: 1 }),
    catalog: createReadCache({ ttlMs }),
    idLists: createReadCache({ ttlMs, maxEntries: ID_LISTS_MAX_ENTRIES }),
    activity: createReadCache({ ttlMs, maxEntries: ACTIVITY_MAX_ENTRIES }),
    visitorLikes: createReadCache({ ttlMs, maxEntries: VISITOR_LIKES_MAX_ENTRIES }),
  };
}
