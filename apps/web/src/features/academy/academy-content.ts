import type { CompiledPage, PageMeta } from '../../../vite-plugins/markdown/ast';

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

const loading = new Map<string, Promise<CompiledPage>>();
const loaded = new Map<string, CompiledPage>();

/** The compiled page once it has loaded, so a prefetched page renders without a loading state. */
export function loadedPage(key: string): CompiledPage | undefined {
  return loaded.get(key);
}

/** Loads a page body once; the same promise every time, as React's use() needs. */
export function loadPage(key: string): Promise<CompiledPage> {
  let promise = loading.get(key);
  if (!promise) {
    const load = bodyByFile[fileOf(key)];
    if (!load) throw new Error(`Academy content missing: ${key}.md`);
    promise = load().then((page) => {
      loaded.set(key, page);
      return page;
    });
    // A failed chunk load (e.g. offline) is tried again on the next visit.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}
