import type { AppCaches } from '../cache/app-caches';

/**
 * Lists of ids kept with the catalog's answers (a search's matches, best
 * match's title matches: they change only when a prompt is added or hidden,
 * as the totals do) hold this many ids or fewer: the catalog keeps up to
 * 1,000 entries, so all of them together stay within about 5 MB even on
 * PostgreSQL, whose ids are strings.
 */
export const MAX_KEPT_IDS = 100;

/**
 * Longer lists, up to this many ids, are kept apart and only a few of them
 * (AppCaches.idLists). Without them a mid-frequency word read its list again
 * after every like: at 100k prompts "story"'s 2,059 whole-word titles took
 * 10 ms on SQLite, a scan of the title index.
 */
export const MAX_LONG_KEPT_IDS = 10_000;

/** The value of `readList` under `key`, holding `idsIn(value)` ids, kept by the rules above until the catalog changes. */
export function keptIdList<T>(caches: AppCaches, key: string, readList: () => Promise<T>, idsIn: (value: T) => number): Promise<T> {
  const isLong = (value: T) => idsIn(value) > MAX_KEPT_IDS && idsIn(value) <= MAX_LONG_KEPT_IDS;
  const readOrKeptApart = () => caches.idLists.get(key, readList, { keep: isLong });
  return caches.catalog.get(key, readOrKeptApart, { keep: (value) => idsIn(value) <= MAX_KEPT_IDS });
}
