import { describe, expect, it } from 'vitest';
import { annotatedText } from '../../src/lib/markdown-ast';
import { compileMarkdown, countWords, MarkdownContentError } from './compile';

const page = (body: string, frontMatter = 'title: A page\ndescription: What it is about.') => `---\n${frontMatter}\n---\n\n${body}`;

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
        items: [
          [{ type: 'text', children: [{ type: 'text', text: 'one' }] }],
          [{ type: 'text', children: [{ type: 'text', text: 'two' }] }],
        ],
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
      page(
        '**Weak prompt**\n\n```prompt\nWrite a poem.\n```\n\n**Better prompt**\n\n```prompt\nWrite a haiku about <rain>.\n```\n\n```json\n{"a": 1}\n```',
      ),
      'x.md',
    );
    expect(blocks).toEqual([
      { type: 'example', variant: 'weak', prompt: { kind: 'text', text: 'Write a poem.' } },
      { type: 'example', variant: 'better', prompt: { kind: 'text', text: 'Write a haiku about <rain>.' } },
      { type: 'code', lang: 'json', text: '{"a": 1}' },
    ]);
  });

  it('rejects an example label without a prompt block after it', () => {
    expect(() => compileMarkdown(page('**Better prompt**\n\nJust prose.'), 'x.md')).toThrow(/must be followed/);
    expect(() => compileMarkdown(page('**Better prompt**\n\n```text\nNot a prompt.\n```'), 'x.md')).toThrow(/must be followed/);
  });

  it('splits a messages example into its chat messages, each kept apart', () => {
    const { blocks } = compileMarkdown(
      page('**Better prompt**\n\n```messages\n--- system\nYou summarize emails.\n\nNever forward.\n--- user\nSummarize this.\n```'),
      'x.md',
    );
    expect(blocks).toEqual([
      {
        type: 'example',
        variant: 'better',
        prompt: {
          kind: 'messages',
          messages: [
            { role: 'system', text: 'You summarize emails.\n\nNever forward.' },
            { role: 'user', text: 'Summarize this.' },
          ],
        },
      },
    ]);
  });

  it.each([
    ['an unknown role', '**Weak prompt**\n\n```messages\n--- tool\nHi.\n```', /one of system, user, assistant/],
    ['text before the first part', '**Weak prompt**\n\n```messages\nHello\n--- user\nHi.\n```', /must start with/],
    ['an empty part', '**Weak prompt**\n\n```messages\n--- system\n\n--- user\nHi.\n```', /"system" part .* is empty/],
    ['a messages block without a label', '```messages\n--- user\nHi.\n```', /must follow a \*\*Weak prompt\*\*/],
  ])('rejects a messages block with %s', (_case, body, message) => {
    expect(() => compileMarkdown(page(body), 'x.md')).toThrow(message);
  });

  it('keeps the labels of an annotated prompt apart from its text', () => {
    const { blocks } = compileMarkdown(
      page('```annotated\n--- Context\nI run a bakery.\n--- Instruction\nWrite the announcement.\n  - 120 words\n```'),
      'x.md',
    );
    expect(blocks).toEqual([
      {
        type: 'annotated',
        parts: [
          { label: 'Context', text: 'I run a bakery.' },
          { label: 'Instruction', text: 'Write the announcement.\n  - 120 words' },
        ],
      },
    ]);
    // What Copy puts on the clipboard: the prompt a reader would send, without the teaching labels.
    const [block] = blocks;
    expect(block?.type === 'annotated' && annotatedText(block.parts)).toBe('I run a bakery.\n\nWrite the announcement.\n  - 120 words');
  });

  it('marks a sample output block, and rejects unknown flags', () => {
    const { blocks } = compileMarkdown(page('```json output\n{}\n```'), 'x.md');
    expect(blocks).toEqual([{ type: 'code', lang: 'json', text: '{}', output: true }]);
    expect(() => compileMarkdown(page('```json outptu\n{}\n```'), 'x.md')).toThrow(/unknown flag "outptu"/);
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

const EXERCISE = [
  '### Exercise 2: Make *it* specific',
  '',
  'Rewrite the request for a real reader.',
  '',
  '**Starting prompt**',
  '',
  '```prompt',
  'Summarize this.',
  '```',
  '',
  '**Self-check**',
  '',
  '- Names the reader.',
  '- Sets a length.',
  '',
  '**Model answer**',
  '',
  '```prompt',
  'Summarize the report below in 5 bullets for our CFO.',
  '```',
  '',
  'It names the reader and the length.',
].join('\n');

describe('exercises', () => {
  it('turns an exercise heading and its labelled parts into one exercise block', () => {
    const { blocks, meta } = compileMarkdown(page(`## Practice\n\n${EXERCISE}\n\n## Further reading\n\n- A source.`), 'x.md');
    expect(blocks).toEqual([
      { type: 'heading', depth: 2, id: 'practice', children: [{ type: 'text', text: 'Practice' }] },
      {
        type: 'exercise',
        id: 'exercise-2-make-it-specific',
        number: 2,
        title: [
          { type: 'text', text: 'Make ' },
          { type: 'em', children: [{ type: 'text', text: 'it' }] },
          { type: 'text', text: ' specific' },
        ],
        task: [{ type: 'paragraph', children: [{ type: 'text', text: 'Rewrite the request for a real reader.' }] }],
        start: { kind: 'text', text: 'Summarize this.' },
        rubric: [
          [{ type: 'text', children: [{ type: 'text', text: 'Names the reader.' }] }],
          [{ type: 'text', children: [{ type: 'text', text: 'Sets a length.' }] }],
        ],
        answer: { kind: 'text', text: 'Summarize the report below in 5 bullets for our CFO.' },
        note: [{ type: 'paragraph', children: [{ type: 'text', text: 'It names the reader and the length.' }] }],
      },
      { type: 'heading', depth: 2, id: 'further-reading', children: [{ type: 'text', text: 'Further reading' }] },
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'text', children: [{ type: 'text', text: 'A source.' }] }]] },
    ]);
    // Task, rubric and note are prose; the two prompts are not.
    expect(meta.proseWords).toBe(
      countWords([
        'Practice',
        'Exercise 2: Make it specific',
        'Rewrite the request for a real reader.',
        'Names the reader.',
        'Sets a length.',
        'It names the reader and the length.',
        'Further reading',
        'A source.',
      ]),
    );
  });

  it('accepts chat messages as a starting prompt or model answer', () => {
    const body = EXERCISE.replace(
      '```prompt\nSummarize the report below in 5 bullets for our CFO.\n```',
      '```messages\n--- system\nYou write for our CFO.\n--- user\nSummarize the report.\n```',
    );
    const [exercise] = compileMarkdown(page(body), 'x.md').blocks;
    expect(exercise?.type === 'exercise' && exercise.answer).toEqual({
      kind: 'messages',
      messages: [
        { role: 'system', text: 'You write for our CFO.' },
        { role: 'user', text: 'Summarize the report.' },
      ],
    });
  });

  it.each([
    ['no task', EXERCISE.replace('Rewrite the request for a real reader.\n\n', ''), /needs a task/],
    ['no starting prompt', EXERCISE.replace('**Starting prompt**', '**Start**'), /needs \*\*Starting prompt\*\*/],
    [
      'a rubric that is not a list',
      EXERCISE.replace('- Names the reader.\n- Sets a length.', 'Names the reader.'),
      /needs \*\*Self-check\*\* followed by a list/,
    ],
    ['no model answer', EXERCISE.replace('**Model answer**', '**Answer**'), /needs \*\*Model answer\*\*/],
    ['a code block in its note', `${EXERCISE}\n\n\`\`\`text\nstray\n\`\`\``, /only paragraphs and lists/],
    ['no title', EXERCISE.replace('Make *it* specific', ''), /needs a title/],
  ])('rejects an exercise with %s, naming it', (_case, body, message) => {
    expect(() => compileMarkdown(page(body), 'x.md')).toThrow(message);
  });
});

describe("'Try it' links to the Share Prompt form", () => {
  const examples = [
    '**Weak prompt**\n\n```prompt\nWeak one.\n```',
    '**Better prompt**\n\n```prompt\nFirst better & best.\n```',
    '**Better prompt**\n\n```messages\n--- system\nA system message.\n```',
    '**Better prompt**\n\n```prompt\nThird better:\n  {{topic}}\n```',
  ].join('\n\n');
  const hrefOf = (body: string) => {
    const { blocks } = compileMarkdown(page(`${examples}\n\n${body}`), 'x.md');
    const last = blocks[blocks.length - 1];
    const link = last?.type === 'paragraph' ? last.children[0] : undefined;
    return link?.type === 'link' ? link.href : undefined;
  };

  it("puts the page's numbered Better prompt into the form's prompt field, keeping the other fields", () => {
    const href = hrefOf('[Try it: open it](/submit?title=Topic%20brief&example=3&category=Writing)');
    expect(href?.startsWith('/submit?')).toBe(true);
    const params = new URLSearchParams(href?.slice('/submit?'.length));
    expect([...params]).toEqual([
      ['title', 'Topic brief'],
      ['prompt', 'Third better:\n  {{topic}}'],
      ['category', 'Writing'],
    ]);
    expect(new URLSearchParams(hrefOf('[Try it](/submit?example=1)')?.slice(8)).get('prompt')).toBe('First better & best.');
  });

  it('also works for a link written before the examples', () => {
    const { blocks } = compileMarkdown(page(`[Try it](/submit?example=1)\n\n${examples}`), 'x.md');
    const first = blocks[0];
    const link = first?.type === 'paragraph' ? first.children[0] : undefined;
    expect(link?.type === 'link' && new URLSearchParams(link.href.slice(8)).get('prompt')).toBe('First better & best.');
  });

  it('leaves other links alone', () => {
    expect(hrefOf('[Try it](/submit?title=Only%20a%20title)')).toBe('/submit?title=Only%20a%20title');
    expect(hrefOf('[Search](/?q=%7B%7Baudience%7D%7D)')).toBe('/?q=%7B%7Baudience%7D%7D');
  });

  it.each([
    ['a number past the last Better prompt', '[Try it](/submit?example=4)', /no Better prompt number 4 \(it has 3\)/],
    ['a number that is not one', '[Try it](/submit?example=first)', /no Better prompt number first/],
    ['a messages example', '[Try it](/submit?example=2)', /is a messages example/],
  ])('fails the build for %s', (_case, body, message) => {
    expect(() => hrefOf(body)).toThrow(message);
  });
});

describe('the review date', () => {
  it('reads a real YYYY-MM-DD date', () => {
    const { meta } = compileMarkdown(page('Text.', 'title: t\ndescription: d\nreviewed: "2026-11-24"'), 'x.md');
    expect(meta.reviewed).toBe('2026-11-24');
    expect(compileMarkdown(page('Text.'), 'x.md').meta).not.toHaveProperty('reviewed');
  });

  it.each(['2026-02-30', '24 November 2026', '2026-1-5'])('rejects "%s"', (date) => {
    expect(() => compileMarkdown(page('Text.', `title: t\ndescription: d\nreviewed: "${date}"`), 'x.md')).toThrow(
      /"reviewed" must be a date/,
    );
  });
});

describe('countWords', () => {
  it('counts contractions, hyphenated words and numbers once, and punctuation not at all', () => {
    expect(countWords(["Don't over-think it: 3 steps — then stop."])).toBe(7);
    expect(countWords(['', '  ', '-> ---'])).toBe(0);
  });
});
