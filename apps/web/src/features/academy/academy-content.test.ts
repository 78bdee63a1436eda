import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Block, type Inline, plainText } from '../../../vite-plugins/markdown/ast';
import { compileMarkdown } from '../../../vite-plugins/markdown/compile';
import { ACADEMY_PAGES, resolveAcademyPath } from './academy-nav';

/** The content files themselves, compiled exactly as the build compiles them. */
const contentDir = fileURLToPath(new URL('../../content/academy/', import.meta.url));
const compiled = ACADEMY_PAGES.map((page) => ({
  page,
  ...compileMarkdown(readFileSync(`${contentDir}${page.key}.md`, 'utf8'), `${page.key}.md`),
}));

const MIN_TOPIC_PROSE_WORDS = 500;
const MIN_OVERVIEW_PROSE_WORDS = 250;
const MIN_EXAMPLE_PAIRS = 2;

function linksIn(blocks: readonly Block[]): string[] {
  const fromInlines = (inlines: readonly Inline[]): string[] =>
    inlines.flatMap((inline) =>
      inline.type === 'link' ? [inline.href, ...fromInlines(inline.children)] : 'children' in inline ? fromInlines(inline.children) : [],
    );
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'text':
        return fromInlines(block.children);
      case 'list':
        return block.items.flatMap(linksIn);
      case 'blockquote':
        return linksIn(block.children);
      case 'table':
        return [...block.header, ...block.rows.flat()].flatMap(fromInlines);
      default:
        return [];
    }
  });
}

/** Weak prompt, then Better prompt, then a paragraph starting 'Why it works:'. */
function examplePairs(blocks: readonly Block[]): number {
  let pairs = 0;
  blocks.forEach((block, index) => {
    const better = blocks[index + 1];
    const why = blocks[index + 2];
    if (
      block.type === 'example' &&
      block.variant === 'weak' &&
      better?.type === 'example' &&
      better.variant === 'better' &&
      why?.type === 'paragraph' &&
      plainText(why.children).startsWith('Why it works:')
    ) {
      pairs += 1;
    }
  });
  return pairs;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(`${dir}${entry.name}/`, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe('academy content', () => {
  it('has exactly one Markdown file per page of the table', () => {
    expect(listFiles(contentDir).filter((file) => file.endsWith('.md')).sort()).toEqual(
      ACADEMY_PAGES.map((page) => `${page.key}.md`).sort(),
    );
  });

  describe.each(compiled)('$page.key', ({ page, meta, blocks }) => {
    const isTopic = page.slug !== null;

    it('has a title and a description', () => {
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(40);
    });

    it(`has at least ${isTopic ? MIN_TOPIC_PROSE_WORDS : MIN_OVERVIEW_PROSE_WORDS} words of prose`, () => {
      expect(meta.proseWords).toBeGreaterThanOrEqual(isTopic ? MIN_TOPIC_PROSE_WORDS : MIN_OVERVIEW_PROSE_WORDS);
    });

    it('links only to pages that exist (no fallbacks) and to library filters', () => {
      for (const href of linksIn(blocks)) {
        if (href.startsWith('/prompt-academy')) expect(resolveAcademyPath(href).path, href).toBe(href);
        else expect(href, href).toMatch(/^\/\?(category|q)=[^&]+$/);
      }
    });

    if (page.section !== null && page.slug === null) {
      it('states the section level', () => {
        expect(meta.level).toMatch(/\w/);
      });
    }

    if (isTopic) {
      it(`has at least ${MIN_EXAMPLE_PAIRS} weak/better example pairs, each with why it works`, () => {
        expect(examplePairs(blocks)).toBeGreaterThanOrEqual(MIN_EXAMPLE_PAIRS);
      });

      it('ends its teaching with a Key takeaways list', () => {
        const index = blocks.findIndex((block) => block.type === 'heading' && plainText(block.children) === 'Key takeaways');
        expect(index).toBeGreaterThan(0);
        expect(blocks[index + 1]?.type).toBe('list');
      });
    }
  });

  it("points 'Try it' links at categories the sample data has", () => {
    const sample = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../../server/src/db/seed/sample-prompts.json', import.meta.url)), 'utf8'),
    ) as { category: string }[];
    const categories = new Set(sample.map((prompt) => prompt.category));
    const linked = compiled.flatMap(({ blocks }) =>
      linksIn(blocks)
        .filter((href) => href.startsWith('/?category='))
        .map((href) => new URLSearchParams(href.slice(2)).get('category')),
    );
    expect(linked.length).toBeGreaterThan(0);
    for (const category of linked) expect(categories, String(category)).toContain(category);
  });
});
