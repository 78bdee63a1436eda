import { z } from 'zod';
import type { AppCaches } from './app-caches';

/**
 * Every kind of write that changes what the read caches hold. A new write
 * path announces one of these (LibraryWrites.announce) after it runs; which
 * caches each one makes out of date is decided here and nowhere else. A
 * schema rather than a bare type, because other instances send them over
 * Redis (redis-library-writes.ts) and what arrives is checked against it.
 */
export const libraryWriteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prompt-added') }),
  /** A prompt hidden or shown again (moderation). */
  z.object({ kind: z.literal('prompt-moderated') }),
  /** A comment hidden or shown again (moderation). */
  z.object({ kind: z.literal('comment-moderated') }),
  /** A like or an unlike, by this visitor. */
  z.object({ kind: z.literal('liked'), userId: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('copied') }),
  z.object({ kind: z.literal('commented') }),
  /** Every summary counted again from the library (npm run admin -- recount). */
  z.object({ kind: z.literal('summaries-recounted') }),
]);
export type LibraryWrite = Readonly<z.infer<typeof libraryWriteSchema>>;

/**
 * Drops from `caches` what `write` made out of date:
 * - a prompt added, hidden or shown (or a recount of the summaries) changes totals and facets (catalog, and
 *   the long lists of ids kept beside it: idLists), the
 *   words "did you mean" offers (vocabulary) and
 *   every page and chart (activity), at once;
 * - likes, copies and comments change counters on pages and in analytics;
 *   they come by the thousand a second, so an entry that allows it may live
 *   on briefly (ReadCache.invalidateAllowingStale);
 * - a like also changes that visitor's kept likes;
 * - every write changes the unpaged list (its cache keeps itself exact and
 *   cheap: one build at a time, see snapshot-cache.ts).
 */
export function forgetAfter(caches: AppCaches, write: LibraryWrite): void {
  caches.fullLists.invalidate();
  switch (write.kind) {
    case 'prompt-added':
    case 'prompt-moderated':
    case 'summaries-recounted':
      caches.catalog.invalidate();
      caches.idLists.invalidate();
      caches.vocabulary.invalidate();
      caches.activity.invalidate();
      return;
    case 'comment-moderated':
      caches.activity.invalidate();
      return;
    case 'liked':
      caches.activity.invalidateAllowingStale();
      caches.visitorLikes.forget(write.userId);
      return;
    case 'copied':
    case 'commented':
      caches.activity.invalidateAllowingStale();
      return;
  }
}

/**
 * Drops everything the caches hold: for an instance that may have missed
 * announcements of other instances' writes (its Redis subscription was down).
 */
export function forgetEverything(caches: AppCaches): void {
  caches.catalog.invalidate();
  caches.idLists.invalidate();
  caches.vocabulary.invalidate();
  caches.activity.invalidate();
  caches.visitorLikes.invalidate();
  caches.fullLists.invalidate();
}

/** Where services announce their writes, after the write (or a failed attempt that may have written). */
export interface LibraryWrites {
  announce(write: LibraryWrite): void;
}

/** Writes seen by this process only: other instances converge within the caches' TTL (without REDIS_URL). */
export function localLibraryWrites(caches: AppCaches): LibraryWrites {
  return { announce: (write) => forgetAfter(caches, write) };
}

/** For a process without read caches nor Redis (the admin CLI without REDIS_URL): its writes reach servers through their TTL. */
export const UNCACHED_LIBRARY_WRITES: LibraryWrites = { announce: () => {} };
