import { describe, expect, it } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import { localLibraryWrites } from '../cache/library-writes';
import { MAX_KEPT_IDS, MAX_LONG_KEPT_IDS, keptIdList } from './kept-id-lists';

/** Reads a list of `ids` ids under `key` and counts how often it was read. */
function listReader(caches: ReturnType<typeof createAppCaches>) {
  const reads = new Map<string, number>();
  const get = (key: string, ids: number) =>
    keptIdList(
      caches,
      key,
      async () => {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Array.from({ length: ids }, (_, index) => index);
      },
      (list) => list.length,
    );
  return { get, reads: (key: string) => reads.get(key) ?? 0 };
}

describe('lists of ids kept until the catalog changes', () => {
  it('keeps a short list with the catalog, a long one apart, and reads a longer one each time', async () => {
    const caches = createAppCaches(60_000);
    const lists = listReader(caches);
    const sizes = { short: MAX_KEPT_IDS, long: MAX_KEPT_IDS + 1, longest: MAX_LONG_KEPT_IDS, tooLong: MAX_LONG_KEPT_IDS + 1 };
    for (let round = 0; round < 3; round += 1) {
      for (const [key, ids] of Object.entries(sizes)) expect(await lists.get(key, ids)).toHaveLength(ids);
    }
    expect([lists.reads('short'), lists.reads('long'), lists.reads('longest'), lists.reads('tooLong')]).toEqual([1, 1, 1, 3]);
    // Only the short one takes a place among the catalog's answers.
    expect(caches.catalog.peek('short')).toBeDefined();
    expect(caches.catalog.peek('long')).toBeUndefined();
  });

  it('keeps a long list while short lists, empty ones and lists too long to keep come and go', async () => {
    const caches = createAppCaches(60_000);
    const lists = listReader(caches);
    await lists.get('story', MAX_KEPT_IDS * 20);
    for (let index = 0; index < 40; index += 1) {
      await lists.get(`short-${index}`, index % 2 === 0 ? 0 : MAX_KEPT_IDS);
      await lists.get(`too-long-${index}`, MAX_LONG_KEPT_IDS + 1);
    }
    await lists.get('story', MAX_KEPT_IDS * 20);
    expect(lists.reads('story')).toBe(1);
  });

  it('keeps them through likes and copies, and reads them again once a prompt is added or hidden', async () => {
    const caches = createAppCaches(60_000);
    const lists = listReader(caches);
    const writes = localLibraryWrites(caches);
    await lists.get('short', 3);
    await lists.get('long', MAX_KEPT_IDS * 5);
    writes.announce({ kind: 'liked', userId: 'user_1' });
    writes.announce({ kind: 'copied' });
    await lists.get('short', 3);
    await lists.get('long', MAX_KEPT_IDS * 5);
    expect([lists.reads('short'), lists.reads('long')]).toEqual([1, 1]);
    writes.announce({ kind: 'prompt-added' });
    await lists.get('short', 3);
    await lists.get('long', MAX_KEPT_IDS * 5);
    writes.announce({ kind: 'prompt-moderated' });
    await lists.get('short', 3);
    await lists.get('long', MAX_KEPT_IDS * 5);
    expect([lists.reads('short'), lists.reads('long')]).toEqual([3, 3]);
  });
});
