import { describe, expect, it } from 'vitest';
import { type LibraryWrite, localLibraryWrites } from './library-writes';
import { type AppCaches, createAppCaches } from './app-caches';

/** Fills one entry in each cache and returns which of them a write made the next read compute again. */
async function recomputedAfter(write: LibraryWrite): Promise<string[]> {
  const caches = createAppCaches(60_000);
  const names = ['catalog', 'idLists', 'activity', 'visitorLikes', 'fullLists'] as const satisfies readonly (keyof AppCaches)[];
  const computed = new Map<string, number>();
  const read = (name: keyof AppCaches) =>
    caches[name].get(name === 'visitorLikes' ? 'visitor-1' : 'key', async () => computed.set(name, (computed.get(name) ?? 0) + 1));
  for (const name of names) await read(name);
  localLibraryWrites(caches).announce(write);
  for (const name of names) await read(name);
  return names.filter((name) => computed.get(name) === 2);
}

describe('what each write makes stale', () => {
  it('a new prompt or a moderated prompt: totals and facets, pages and charts', async () => {
    expect(await recomputedAfter({ kind: 'prompt-added' })).toEqual(['catalog', 'idLists', 'activity', 'fullLists']);
    expect(await recomputedAfter({ kind: 'prompt-moderated' })).toEqual(['catalog', 'idLists', 'activity', 'fullLists']);
  });

  it('a recount of the summaries: everything the summaries feed (totals, facets, charts) and the pages built on them', async () => {
    expect(await recomputedAfter({ kind: 'summaries-recounted' })).toEqual(['catalog', 'idLists', 'activity', 'fullLists']);
  });

  it('a moderated comment, a copy or a comment: pages and charts only', async () => {
    expect(await recomputedAfter({ kind: 'comment-moderated' })).toEqual(['activity', 'fullLists']);
    expect(await recomputedAfter({ kind: 'copied' })).toEqual(['activity', 'fullLists']);
    expect(await recomputedAfter({ kind: 'commented' })).toEqual(['activity', 'fullLists']);
  });

  it("a like: pages and charts, and that visitor's kept likes but no one else's", async () => {
    expect(await recomputedAfter({ kind: 'liked', userId: 'visitor-1' })).toEqual(['activity', 'visitorLikes', 'fullLists']);
    expect(await recomputedAfter({ kind: 'liked', userId: 'visitor-2' })).toEqual(['activity', 'fullLists']);
  });
});
