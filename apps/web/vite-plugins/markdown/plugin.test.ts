import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markdownContent } from './plugin.ts';

const page = fileURLToPath(new URL('../../src/content/academy/beginner/mistakes.md', import.meta.url));

type LoadHook = (this: { addWatchFile: (file: string) => void }, id: string) => Promise<{ code: string } | null>;

async function load(id: string): Promise<unknown> {
  const hook = markdownContent().load as unknown as LoadHook;
  const watched: string[] = [];
  const result = await hook.call({ addWatchFile: (file) => watched.push(file) }, id);
  if (result === null) return null;
  expect(watched).toEqual([page]);
  const prefix = 'export default ';
  expect(result.code.startsWith(prefix)).toBe(true);
  return JSON.parse(result.code.slice(prefix.length).replace(/;$/, ''));
}

describe('markdownContent plugin', () => {
  it('compiles a Markdown file into a module exporting its metadata and blocks', async () => {
    const module = (await load(page)) as { meta: { title: string }; blocks: unknown[] };
    expect(module.meta.title).toBe('Common Prompting Mistakes');
    expect(module.blocks.length).toBeGreaterThan(10);
  });

  it.each([`${page}?meta`, `${page}?import&meta`])('exports only the metadata for %s', async (id) => {
    const module = (await load(id)) as Record<string, unknown>;
    expect(module).toMatchObject({ title: 'Common Prompting Mistakes' });
    expect(module).not.toHaveProperty('blocks');
  });

  it('leaves other files to Vite', async () => {
    expect(await load('/src/main.tsx')).toBeNull();
  });
});
