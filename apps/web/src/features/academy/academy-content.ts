import type { CompiledPage, PageMeta } from '../../lib/markdown-ast';

/**
 * The Academy's compiled Markdown (see vite-plugins/markdown). Metadata of all
 * pages is small and bundled with the Academy chunk; each page body is its own
 * chunk, fetched when the page is shown (and prefetched for its neighbours).
 */
const CONTENT_PREFIX = '../../content/academy/';

const metaByFile = import.meta.glob<PageMeta>('../../content/academy/**/*.md', {
  eager: true,
  query: '?meta',
  import: 'default',
});
const bodyByFile = import.meta.glob<CompiledPage>('../../content/academy/**/*.md', { import: 'default' });

const fileOf = (key: string) => `${CONTENT_PREFIX}${key}.md`;

export function pageMeta(key: string): PageMeta {
  const meta = metaByFile[fileOf(key)];
  if (!meta) throw new Error(`Academy content missing: ${key}.md`);
  return meta;
}

/**
 * A promise React's use() can read synchronously once it has settled: React
 * looks at `status` and `value`, so a prefetched page renders at once, and
 * use() is called on every render (a conditional call would change the hook
 * order between a suspended render and its replay).
 */
type TrackedPromise = Promise<CompiledPage> & { status?: 'fulfilled'; value?: CompiledPage };

const loading = new Map<string, TrackedPromise>();

/** Loads a page body once; the same promise every time, as React's use() needs. */
export function loadPage(key: string): Promise<CompiledPage> {
  let promise = loading.get(key);
  if (!promise) {
    const load = bodyByFile[fileOf(key)];
    if (!load) throw new Error(`Academy content missing: ${key}.md`);
    const tracked: TrackedPromise = load().then((page) => {
      Object.assign(tracked, { status: 'fulfilled', value: page });
      return page;
    });
    // A failed chunk load (e.g. offline) is tried again on the next visit.
    tracked.catch(() => loading.delete(key));
    loading.set(key, tracked);
    promise = tracked;
  }
  return promise;
}
