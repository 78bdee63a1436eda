/**
 * Keeps the results of expensive reads (facets, analytics, list totals and
 * pages, searches included, and each visitor's likes) in memory until a write
 * that could change them invalidates them, and at most `ttlMs`, so instances
 * that do not see each other's writes (several behind a load balancer)
 * converge within that time. See docs/decisions/0004 and 0005.
 *
 * Concurrent misses for one key share one computation. A computation that
 * started before an invalidation is never kept after it: `invalidate()`
 * drops every entry, in-flight ones included, so a read that begins after a
 * write's invalidation always computes afresh and sees the write.
 *
 * The one exception is for the frequent writes (likes, copies, notes):
 * `invalidateAllowingStale()` spares an entry read with `staleForMs`,
 * shortening its life to that long after its computation began instead of
 * ending it, so a stream of likes recomputes it at most once per period.
 */
export interface ReadCache {
  get<T>(key: string, compute: () => Promise<T>, options?: EntryOptions<T>): Promise<T>;
  /** Drops every entry: a write changed what they were computed from. */
  invalidate(): void;
  /** As invalidate(), but an entry read with `staleForMs` lives on until that long after its computation began. */
  invalidateAllowingStale(): void;
  /** Drops one entry (in flight or not), for a write that changes only that one. */
  forget(key: string): void;
}

/** A read cache that can also tell what it already knows (createReadCache). */
export interface PeekableReadCache extends ReadCache {
  /**
   * The value of a fresh entry whose computation has finished, without
   * computing or waiting for anything: for an answer worth sending only
   * when it is already known (a search's total, prompts/listing.ts).
   */
  peek<T>(key: string): { readonly value: T } | undefined;
}

export interface ReadCacheOptions {
  readonly ttlMs: number;
  /**
   * Entries beyond this many evict the least recently used (keys come from
   * visitors' searches and filters), once a computed value is kept.
   */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

export interface EntryOptions<T = unknown> {
  /**
   * For answers that are costly to compute and where a moment's lag is
   * invisible (the Insights dashboard): how long after its computation began
   * the entry may still be served once a write has invalidated it.
   */
  readonly staleForMs?: number;
  /**
   * Whether the computed value is kept once read (by default it is):
   * concurrent misses still share the computation, but an answer that holds
   * much memory and costs little to read again need not stay.
   */
  readonly keep?: (value: T) => boolean;
}

interface Entry {
  readonly value: Promise<unknown>;
  /** Set once the computation has succeeded (peek). */
  settled?: { readonly value: unknown };
  readonly started: number;
  expires: number;
  readonly staleForMs: number;
}

const DEFAULT_MAX_ENTRIES = 1000;

export function createReadCache(options: ReadCacheOptions): PeekableReadCache {
  // Looked up on each call, so a test that fakes Date moves this clock too.
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const evictLeastRecentlyUsed = () => {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  };
  return {
    get<T>(key: string, compute: () => Promise<T>, entryOptions: EntryOptions<T> = {}): Promise<T> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.expires > now()) {
        // Re-inserted last: a Map iterates in insertion order, so its first key is the least recently used.
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const started = now();
      const value = compute();
      const entry: Entry = { value, started, expires: started + options.ttlMs, staleForMs: entryOptions.staleForMs ?? 0 };
      entries.set(key, entry);
      // A failed read is not remembered, nor one the caller does not keep.
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      const keep = entryOptions.keep;
      value.then((result) => {
        entry.settled = { value: result };
        if (keep && !keep(result)) drop();
        // Only a value kept takes the place of the least recently used: reads the
        // cache will not keep (too large, failed) must not push out those it does.
        else if (entries.size > maxEntries) evictLeastRecentlyUsed();
      }, drop);
      return value;
    },
    peek<T>(key: string) {
      const entry = entries.get(key);
      return entry && entry.expires > now() ? (entry.settled as { readonly value: T } | undefined) : undefined;
    },
    invalidate() {
      entries.clear();
    },
    invalidateAllowingStale() {
      for (const [key, entry] of entries) {
        const staleUntil = entry.started + entry.staleForMs;
        if (staleUntil > now()) entry.expires = Math.min(entry.expires, staleUntil);
        else entries.delete(key);
      }
    },
    forget(key) {
      entries.delete(key);
    },
  };
}

/** How long an instance may serve an aggregate that another instance's write changed. */
export const READ_CACHE_TTL_MS = 5000;
