import { describe, expect, it } from 'vitest';
import { compileMarkdown, countWords, MarkdownContentError } from './compile';

const page = (body: string, frontMatter = 'title: A page\ndescription: What it is about.') =>
  `---\n${frontMatter}\n---\n\n${body}`;

describe('compileMarkdown', () => {
  it('reads the front matter, including the optional level', () => {
    const { meta } = compileMarkdown(page('Hello.', 'title: Beginner\ndescription: Start here.\nlevel: Beginner'), 'x.md');
    expect(meta).toMatchObject({ title: 'Beginner', description: 'Start here.', level: 'Beginner' });
    expect(compileMarkdown(page('Hello.'), 'x.md').meta).not.toHaveProperty('level');
  });

  it.each([
    ['no front matter', 'Just text.'],
    ['no title', page('Text.', 'description: d')],
    ['an empty description', page('Text.', 'title: t\ndescription: "  "')],
    ['a front matter that is not a mapping', page('Text.', '- a list')],
  ])('rejects a page with %s, naming the file', (_case, source) => {
    expect(() => compileMarkdown(source, 'content/bad.md')).toThrow(/content\/bad\.md/);
  });

  it('turns headings, paragraphs, lists and inline marks into a block tree', () => {
    const { blocks } = compileMarkdown(
      page('## Why it works\n\nSome **bold**, *soft* and `code` with a [link](/prompt-academy).\n\n- one\n- two\n\n3. three'),
      'x.md',
    );
    expect(blocks).toEqual([
      { type: 'heading', depth: 2, id: 'why-it-works', children: [{ type: 'text', text: 'Why it works' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Some ' },
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ', ' },
          { type: 'em', children: [{ type: 'text', text: 'soft' }] },
          { type: 'text', text: ' and ' },
          { type: 'code', text: 'code' },
          { type: 'text', text: ' with a ' },
          { type: 'link', href: '/prompt-academy', children: [{ type: 'text', text: 'link' }] },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'text', children: [{ type: 'text', text: 'one' }] }], [{ type: 'text', children: [{ type: 'text', text: 'two' }] }]],
      },
      { type: 'list', ordered: true, start: 3, items: [[{ type: 'text', children: [{ type: 'text', text: 'three' }] }]] },
    ]);
  });

  it('gives repeated headings unique ids', () => {
    const { blocks } = compileMarkdown(page('## Example\n\n## Example'), 'x.md');
    expect(blocks.map((block) => (block.type === 'heading' ? block.id : ''))).toEqual(['example', 'example-2']);
  });

  it('keeps markup-like text as text: entities are decoded, escapes applied, nothing becomes HTML', () => {
    const { blocks } = compileMarkdown(page('Tom &amp; Jerry \\*not emphasis\\* and `<b>tag</b>`'), 'x.md');
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Tom & Jerry *not emphasis* and ' },
          { type: 'code', text: '<b>tag</b>' },
        ],
      },
    ]);
  });

  it('fails the build on raw HTML, images and unsafe link targets', () => {
    expect(() => compileMarkdown(page('<div>raw</div>'), 'x.md')).toThrow(MarkdownContentError);
    expect(() => compileMarkdown(page('Inline <b>html</b>.'), 'x.md')).toThrow(/unsupported inline/);
    expect(() => compileMarkdown(page('![alt](/a.png)'), 'x.md')).toThrow(/unsupported inline/);
    expect(() => compileMarkdown(page('[x](javascript:alert(1))'), 'x.md')).toThrow(/link target not allowed/);
  });

  it('pairs a Weak/Better label with the prompt block that follows it', () => {
    const { blocks } = compileMarkdown(
      page('**Weak prompt**\n\n```prompt\nWrite a poem.\n```\n\n**Better prompt**\n\n```prompt\nWrite a haiku about <rain>.\n```\n\n```json\n{"a": 1}\n```'),
      'x.md',
    );
    expect(blocks).toEqual([
      { type: 'example', variant: 'weak', text: 'Write a poem.' },
      { type: 'example', variant: 'better', text: 'Write a haiku about <rain>.' },
      { type: 'code', lang: 'json', text: '{"a": 1}' },
    ]);
  });

  it('rejects an example label without a prompt block after it', () => {
    expect(() => compileMarkdown(page('**Better prompt**\n\nJust prose.'), 'x.md')).toThrow(/must be followed/);
  });

  it('keeps tables with their alignment', () => {
    const { blocks } = compileMarkdown(page('| a | b |\n|:-|-:|\n| 1 | **2** |'), 'x.md');
    expect(blocks).toEqual([
      {
        type: 'table',
        align: ['left', 'right'],
        header: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]],
        rows: [[[{ type: 'text', text: '1' }], [{ type: 'strong', children: [{ type: 'text', text: '2' }] }]]],
      },
    ]);
  });

  it('counts prose words apart from code and derives the reading time from all words', () => {
    const prose = Array.from({ length: 430 }, () => 'word').join(' ');
    const code = Array.from({ length: 10 }, () => 'token').join(' ');
    const { meta } = compileMarkdown(page(`## Two words\n\n${prose}\n\n\`\`\`text\n${code}\n\`\`\``), 'x.md');
    expect(meta.proseWords).toBe(432);
    expect(meta.totalWords).toBe(442);
    expect(meta.readingMinutes).toBe(2);
    expect(compileMarkdown(page('Short.'), 'x.md').meta.readingMinutes).toBe(1);
  });
});

describe('countWords', () => {
  it("counts contractions, hyphenated words and numbers once, and punctuation not at all", () => {
    expect(countWords(["Don't over-think it: 3 steps — then stop."])).toBe(7);
    expect(countWords(['', '  ', '-> ---'])).toBe(0);
  });
});
