import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { compileMarkdown } from './compile.ts';

/** Import suffix that loads only a page's metadata (front matter, word counts), not its body. */
export const META_QUERY = 'meta';

/**
 * Turns each imported `.md` file into a JS module at build time:
 * `import page from './x.md'` gives `{ meta, blocks }` (see src/lib/markdown-ast.ts), and
 * `import meta from './x.md?meta'` gives only the metadata, so an index of
 * every page can load without pulling in the page bodies.
 */
export function markdownContent(): Plugin {
  return {
    name: 'prompt-vault:markdown-content',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?');
      if (!file.endsWith('.md')) return null;
      this.addWatchFile(file);
      const page = compileMarkdown(await readFile(file, 'utf8'), file);
      // Vite may add its own flags in development ('?import&meta').
      const value = new URLSearchParams(query).has(META_QUERY) ? page.meta : page;
      return { code: `export default ${JSON.stringify(value)};`, map: null };
    },
  };
}
