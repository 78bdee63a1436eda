/**
 * Keeps the results of expensive reads (facets, analytics, list totals and
 * browsing pages) in memory until a write that could change them calls
 * `invalidate()`, and at most `ttlMs`, so instances that do not see each
 * other's writes (several behind a load balancer) converge within that time.
 * See docs/decisions/0004-search-indexes-and-read-cache.md.
 *
 * Concurrent misses for one key share one computation. A computation that
 * started before an invalidation is never kept after it: `invalidate()`
 * drops every entry, in-flight ones included, so a read that begins after a
 * write's invalidation always computes afresh and sees the write.
 */
export interface ReadCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

export interface ReadCacheOptions {
  readonly ttlMs: number;
  /** Entries beyond this many evict the oldest (keys can come from visitors' filters). */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

interface Entry {
  readonly value: Promise<unknown>;
  readonly expires: number;
}

const DEFAULT_MAX_ENTRIES = 1000;

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      entries.delete(key);
      const value = compute();
      const entry: Entry = { value, expires: now() + options.ttlMs };
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A failed read is not remembered.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    invalidate() {
      entries.clear();
    },
  };
}

/** How long an instance may serve an aggregate that another instance's write changed. */
export const READ_CACHE_TTL_MS = 5000;

/**
 * The app's two caches, split by what invalidates them, so the stream of
 * likes and copies does not also throw away the list totals and facets:
 * - catalog: facets and list totals; they change only when a prompt is added
 *   (or hidden);
 * - activity: analytics and browsing pages of the list (their like, copy
 *   and note counts); every write changes them.
 */
export interface AppCaches {
  readonly catalog: ReadCache;
  readonly activity: ReadCache;
}

export function createAppCaches(ttlMs: number = READ_CACHE_TTL_MS): AppCaches {
  return { catalog: createReadCache({ ttlMs }), activity: createReadCache({ ttlMs }) };
}
