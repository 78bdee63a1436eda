import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { charLength } from '@prompt-vault/shared/text';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Block, type ExerciseBlock, type Inline, plainText, promptTexts } from '../../lib/markdown-ast';
import { compileMarkdown, countProseWords } from '../../../vite-plugins/markdown/compile';
import { ALL_ACADEMY_PAGES, GLOSSARY_PATH, resolveAcademyPath } from './academy-nav';

/** The content files themselves, compiled exactly as the build compiles them. */
const contentDir = fileURLToPath(new URL('../../content/academy/', import.meta.url));
const compiled = ALL_ACADEMY_PAGES.map((page) => ({
  page,
  ...compileMarkdown(readFileSync(`${contentDir}${page.key}.md`, 'utf8'), `${page.key}.md`),
}));
const byPath = new Map(compiled.map((entry) => [entry.page.path, entry]));

const MIN_LESSON_PROSE_WORDS = 500;
const MIN_OVERVIEW_PROSE_WORDS = 250;
const MIN_EXAMPLE_PAIRS = 2;
const EXERCISES = { min: 1, max: 3 };
const MIN_RUBRIC_ITEMS = 3;
const MIN_SOURCES = 2;
/** The headings every lesson has, in this order, after its teaching. */
const LESSON_TAIL = ['Key takeaways', 'Practice', 'Further reading'];

const sample = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../server/src/db/seed/sample-prompts.json', import.meta.url)), 'utf8'),
) as { title: string; prompt: string }[];

function inlineLinks(inlines: readonly Inline[]): string[] {
  return inlines.flatMap((inline) =>
    inline.type === 'link' ? [inline.href, ...inlineLinks(inline.children)] : 'children' in inline ? inlineLinks(inline.children) : [],
  );
}

function linksIn(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'text':
        return inlineLinks(block.children);
      case 'list':
        return block.items.flatMap(linksIn);
      case 'blockquote':
        return linksIn(block.children);
      case 'table':
        return [...block.header, ...block.rows.flat()].flatMap(inlineLinks);
      case 'exercise':
        return [...inlineLinks(block.title), ...linksIn(block.task), ...block.rubric.flatMap(linksIn), ...linksIn(block.note)];
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

const headingText = (block: Block) => (block.type === 'heading' ? plainText(block.children) : null);
const h2Index = (blocks: readonly Block[], title: string) =>
  blocks.findIndex((block) => block.type === 'heading' && block.depth === 2 && headingText(block) === title);

/** The blocks under a level-2 heading, up to the next one. */
function section(blocks: readonly Block[], title: string): Block[] {
  const start = h2Index(blocks, title);
  if (start < 0) return [];
  const end = blocks.findIndex((block, index) => index > start && block.type === 'heading' && block.depth === 2);
  return blocks.slice(start + 1, end < 0 ? undefined : end);
}

/** The paragraphs that are only a 'Try it' link, as the page renders them into a button. */
function tryItLinks(blocks: readonly Block[]): { index: number; href: string; label: string }[] {
  return blocks.flatMap((block, index) => {
    if (block.type !== 'paragraph') return [];
    const [only, ...rest] = block.children;
    if (rest.length > 0 || only?.type !== 'link' || !plainText(only.children).startsWith('Try it')) return [];
    return [{ index, href: only.href, label: plainText(only.children) }];
  });
}

/** Every prompt a reader can copy from a page: examples, standalone prompts and exercises. */
function copyablePrompts(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'example':
        return promptTexts(block.prompt);
      case 'code':
        return block.lang === 'prompt' ? [block.text] : [];
      case 'exercise':
        return [...promptTexts(block.start), ...promptTexts(block.answer)];
      case 'list':
        return block.items.flatMap(copyablePrompts);
      default:
        return [];
    }
  });
}

const betterPrompts = (blocks: readonly Block[]) =>
  blocks.flatMap((block) =>
    block.type === 'example' && block.variant === 'better' && block.prompt.kind === 'text' ? [block.prompt.text] : [],
  );

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(`${dir}${entry.name}/`, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const headingIdsOf = (blocks: readonly Block[]) =>
  new Set(blocks.flatMap((block) => (block.type === 'heading' || block.type === 'exercise' ? [block.id] : [])));

describe('academy content', () => {
  it('has exactly one Markdown file per page, the glossary included', () => {
    expect(
      listFiles(contentDir)
        .filter((file) => file.endsWith('.md'))
        .sort(),
    ).toEqual(ALL_ACADEMY_PAGES.map((page) => `${page.key}.md`).sort());
  });

  describe.each(compiled)('$page.key', ({ page, meta, blocks }) => {
    const isLesson = page.kind === 'lesson';

    it('has a title, a description and a real review date that is not in the future', () => {
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(40);
      expect(meta.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(`${meta.reviewed}T00:00:00Z`)).toBeLessThanOrEqual(Date.now());
    });

    it(`has at least ${isLesson ? MIN_LESSON_PROSE_WORDS : MIN_OVERVIEW_PROSE_WORDS} words of teaching prose`, () => {
      // A lesson's exercises and reading list do not count towards its teaching.
      const teaching = isLesson ? blocks.slice(0, h2Index(blocks, 'Practice')) : blocks;
      expect(countProseWords(teaching)).toBeGreaterThanOrEqual(isLesson ? MIN_LESSON_PROSE_WORDS : MIN_OVERVIEW_PROSE_WORDS);
    });

    it('nests its headings without skipping a level', () => {
      let depth = 1;
      for (const block of blocks) {
        const level = block.type === 'heading' ? block.depth : block.type === 'exercise' ? 3 : null;
        if (level === null) continue;
        expect(level, headingText(block) ?? (block.type === 'exercise' ? block.id : '')).toBeLessThanOrEqual(depth + 1);
        depth = level;
      }
    });

    it('links only to pages and sections that exist, to the library search, to the Share form and to https sources', () => {
      for (const href of linksIn(blocks)) {
        if (href.startsWith('/prompt-academy')) {
          const [path = '', anchor] = href.split('#');
          expect(resolveAcademyPath(path).path, href).toBe(path);
          if (anchor !== undefined) expect(headingIdsOf(byPath.get(path)?.blocks ?? []), href).toContain(anchor);
        } else if (href.startsWith('#')) {
          expect(headingIdsOf(blocks), href).toContain(href.slice(1));
        } else if (href.startsWith('/')) {
          expect(href, href).toMatch(/^\/(\?q=[^&]+|submit\?.+)$/);
        } else {
          expect(href, href).toMatch(/^https:\/\/[^\s]+$/);
        }
      }
    });

    it('offers no prompt to copy that carries a role or part label a reader would not send', () => {
      // Role labels belong in a ```messages block and part labels in an ```annotated one, whose Copy leaves them out.
      for (const prompt of copyablePrompts(blocks)) {
        expect(prompt, prompt.slice(0, 60)).not.toMatch(/^(System|User|Assistant)( message)?:/im);
        expect(prompt, prompt.slice(0, 60)).not.toMatch(/^\[(CONTEXT|INSTRUCTION|INPUT DATA|CONSTRAINTS|EXAMPLE|OUTPUT FORMAT)\]/m);
      }
    });

    if (page.kind === 'section-overview') {
      it('states the section level', () => {
        expect(meta.level).toMatch(/\w/);
      });
    }

    if (isLesson) {
      it(`has at least ${MIN_EXAMPLE_PAIRS} weak/better example pairs, each with why it works`, () => {
        expect(examplePairs(blocks)).toBeGreaterThanOrEqual(MIN_EXAMPLE_PAIRS);
      });

      it(`ends with ${LESSON_TAIL.join(', ')}, in that order, the last of them last`, () => {
        const indexes = LESSON_TAIL.map((title) => h2Index(blocks, title));
        expect(
          indexes.every((index) => index > 0),
          JSON.stringify(indexes),
        ).toBe(true);
        expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
        const h2s = blocks.flatMap((block, index) => (block.type === 'heading' && block.depth === 2 ? [index] : []));
        expect(h2s[h2s.length - 1]).toBe(indexes[indexes.length - 1]);
        expect(section(blocks, 'Key takeaways')[0]?.type).toBe('list');
      });

      it(`ends its teaching with ${EXERCISES.min} to ${EXERCISES.max} exercises, each with a task, a starting prompt, a rubric and a model answer`, () => {
        const practice = section(blocks, 'Practice');
        const exercises = practice.filter((block): block is ExerciseBlock => block.type === 'exercise');
        expect(exercises.length).toBeGreaterThanOrEqual(EXERCISES.min);
        expect(exercises.length).toBeLessThanOrEqual(EXERCISES.max);
        // Nothing but exercises under the heading, numbered from 1.
        expect(practice).toEqual(exercises);
        expect(exercises.map((exercise) => exercise.number)).toEqual(exercises.map((_, index) => index + 1));
        for (const exercise of exercises) {
          expect(countProseWords(exercise.task), exercise.id).toBeGreaterThanOrEqual(15);
          expect(promptTexts(exercise.start).join('').trim(), exercise.id).not.toBe('');
          expect(exercise.rubric.length, exercise.id).toBeGreaterThanOrEqual(MIN_RUBRIC_ITEMS);
          expect(promptTexts(exercise.answer).join('').trim(), exercise.id).not.toBe('');
          expect(exercise.answer, exercise.id).not.toEqual(exercise.start);
        }
      });

      it(`lists at least ${MIN_SOURCES} sources under Further reading, each a link with a note`, () => {
        const reading = section(blocks, 'Further reading');
        expect(reading).toHaveLength(1);
        const [list] = reading;
        expect(list?.type).toBe('list');
        const items = list?.type === 'list' ? list.items : [];
        expect(items.length).toBeGreaterThanOrEqual(MIN_SOURCES);
        for (const item of items) {
          const [first] = item;
          const inlines = first?.type === 'text' || first?.type === 'paragraph' ? first.children : [];
          expect(inlines[0]?.type, plainText(inlines)).toBe('link');
          expect(
            inlineLinks(inlines).every((href) => href.startsWith('https://')),
            plainText(inlines),
          ).toBe(true);
          // A source says what it adds, after the link: 'Title, Author (year): why read it.'
          expect(plainText(inlines), plainText(inlines)).toMatch(/: \S/);
        }
      });

      it('links at least one term to the glossary', () => {
        expect(linksIn(blocks).some((href) => href.startsWith(`${GLOSSARY_PATH}#`))).toBe(true);
      });

      it("has one 'Try it' button, after the key takeaways, that opens something real", () => {
        const links = tryItLinks(blocks);
        expect(links).toHaveLength(1);
        const [tryIt] = links;
        expect(tryIt?.index).toBeGreaterThan(h2Index(blocks, 'Key takeaways'));
        expect(tryIt?.index).toBeLessThan(h2Index(blocks, 'Practice'));
        const href = tryIt?.href ?? '';
        if (href.startsWith('/submit?')) {
          // The Share Prompt form, filled in with one of this lesson's Better prompts, every value within its limit.
          const params = new URLSearchParams(href.slice('/submit?'.length));
          expect([...params.keys()].sort()).toEqual(['category', 'prompt', 'title']);
          expect(betterPrompts(blocks)).toContain(params.get('prompt'));
          for (const [field, value] of params) {
            expect(value.trim(), field).not.toBe('');
            expect(charLength(value.trim()), field).toBeLessThanOrEqual(PROMPT_LIMITS[field as keyof typeof PROMPT_LIMITS]);
          }
        } else {
          // A library search the sample data answers.
          expect(href).toMatch(/^\/\?q=/);
          const query = (new URLSearchParams(href.slice(2)).get('q') ?? '').toLowerCase();
          const matches = sample.filter((prompt) => `${prompt.title}\n${prompt.prompt}`.toLowerCase().includes(query));
          expect(matches.length, query).toBeGreaterThan(0);
        }
      });
    }
  });

  describe('the glossary', () => {
    const glossary = compiled.find(({ page }) => page.kind === 'glossary');
    const blocks = glossary?.blocks ?? [];
    const terms = blocks.flatMap((block) => (block.type === 'heading' && block.depth === 2 ? [plainText(block.children)] : []));

    it('defines at least the terms the issue names, in alphabetical order', () => {
      expect(terms.length).toBeGreaterThanOrEqual(25);
      expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      for (const term of [
        'Temperature',
        'Token',
        'Context window',
        'System prompt',
        'Few-shot prompting',
        'Chain of thought',
        'Structured output',
        'Prompt injection',
      ]) {
        expect(terms).toContain(term);
      }
    });

    it('gives each term a definition and the lesson that explains it', () => {
      for (const term of terms) {
        const definition = section(blocks, term);
        expect(definition.length, term).toBeGreaterThan(0);
        expect(countProseWords(definition), term).toBeGreaterThanOrEqual(20);
        expect(
          linksIn(definition).some((href) => href.startsWith('/prompt-academy/') && !href.startsWith(GLOSSARY_PATH)),
          term,
        ).toBe(true);
      }
    });

    it('is linked from the academy overview', () => {
      const overview = compiled.find(({ page }) => page.kind === 'academy-overview');
      expect(linksIn(overview?.blocks ?? [])).toContain(GLOSSARY_PATH);
    });
  });
});
