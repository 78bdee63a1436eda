import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listPrompts } from '../src/prompts/read-repository';
import { createTestApp } from '../src/testing/test-app';
import { type TestDatabase, TEST_DIALECTS, createTestDatabase } from '../src/testing/test-database';
import { AWESOME_CATEGORIES, AWESOME_DEFAULT_MODEL } from './awesome-prompts';
import { scratchFolder, summaryFigures, vault } from './cli-test-helpers';
import { SKIP_REASONS } from './import-prompts';

const valid = { title: 'Weekly Review', prompt: 'Help me review my week.', category: 'Productivity', model: 'GPT-4o' };

function vaultCsv(rows: Record<string, string>[]): string {
  return stringify(rows, { header: true, columns: ['title', 'prompt', 'category', 'model', 'createdAt', 'tags'] });
}

describe.each(TEST_DIALECTS)('vault import on %s', (dialect) => {
  let database: TestDatabase;
  let files: ReturnType<typeof scratchFolder>;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    files = scratchFolder();
  });
  afterEach(async () => {
    await database.close();
    files.cleanup();
  });

  const stored = async () => listPrompts(database.db, dialect, {}, { sort: 'newest' }, undefined);

  it('shares one notion of duplicate with the share form, ignoring case and spacing', async () => {
    const file = files.write('one.csv', vaultCsv([valid, { ...valid, title: '  WEEKLY   review ' }]));
    const run = await vault(database, files.path, 'import', file);
    expect(summaryFigures(run.stdout)).toMatchObject({ read: 2, added: 1, 'duplicate in file': 1 });

    // The imported prompt blocks the same prompt shared through the API.
    const t = await createTestApp(dialect, {}, { database });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { ...valid, prompt: ' help me REVIEW my week. ' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'DUPLICATE', link: expect.stringMatching(/^\/prompts\//) });
    await t.app.close();
  });

  it('skips a row for every reason, with its line number, and adds the rest untruncated', async () => {
    const first = files.write('first.csv', vaultCsv([{ ...valid, title: 'Already here' }]));
    expect((await vault(database, files.path, 'import', first)).code).toBe(0);

    const rows = [
      /* line 2 */ { ...valid, title: 't'.repeat(PROMPT_LIMITS.title) },
      /* line 3 */ { ...valid, title: '   ' },
      /* line 4 */ { ...valid, title: 't'.repeat(PROMPT_LIMITS.title + 1) },
      /* line 5 */ { ...valid, prompt: 'p'.repeat(PROMPT_LIMITS.prompt + 1) },
      /* line 6 */ { ...valid, category: 'c'.repeat(PROMPT_LIMITS.category + 1) },
      /* line 7 */ { ...valid, model: 'm'.repeat(PROMPT_LIMITS.model + 1) },
      /* line 8 */ { ...valid, title: 'Dated badly', createdAt: 'yesterday' },
      /* line 9 */ { ...valid, title: 't'.repeat(PROMPT_LIMITS.title) },
      /* line 10 */ { ...valid, title: 'Already here' },
      /* line 11, two lines */ { ...valid, title: 'Two rules', prompt: `x\n${'p'.repeat(PROMPT_LIMITS.prompt)}` },
      /* line 13 */ { ...valid, title: '😀'.repeat(PROMPT_LIMITS.title), prompt: `  ${'p'.repeat(PROMPT_LIMITS.prompt)}  ` },
      /* line 14 */ { ...valid, model: '' },
      /* line 15 */ { ...valid, title: 'Badly tagged', tags: 'fine, <b>' },
      /* line 16 */ { ...valid, title: 'Well tagged', tags: 'Cover Letter, email' },
    ];
    const file = files.write('rows.csv', vaultCsv(rows));
    const run = await vault(database, files.path, 'import', file);
    expect(run.code).toBe(0);

    const report = run.stdout;
    expect(report).toContain('line 3: blank field (title)');
    expect(report).toContain(`line 4: title too long (${PROMPT_LIMITS.title + 1}/${PROMPT_LIMITS.title} characters)`);
    expect(report).toContain(`line 5: prompt too long (${PROMPT_LIMITS.prompt + 1}/${PROMPT_LIMITS.prompt} characters)`);
    expect(report).toContain(`line 6: category too long (${PROMPT_LIMITS.category + 1}/${PROMPT_LIMITS.category} characters)`);
    expect(report).toContain(`line 7: model too long (${PROMPT_LIMITS.model + 1}/${PROMPT_LIMITS.model} characters)`);
    expect(report).toContain('line 8: invalid createdAt ("yesterday"');
    expect(report).toContain('line 9: duplicate in file (same title and text as line 2, ignoring case and spacing)');
    expect(report).toContain('line 10: already in library (same title and text, ignoring case and spacing)');
    expect(report).toContain(`line 11: prompt too long (${PROMPT_LIMITS.prompt + 2}/${PROMPT_LIMITS.prompt} characters)`);
    expect(report).toContain('line 14: blank field (model)');
    expect(report).toContain('line 15: invalid tags (Tag "<b>" must be 2-25 letters, digits or hyphens');
    expect(report).not.toMatch(/line (2|13|16):/);

    const figures = summaryFigures(report);
    expect(figures).toMatchObject({ read: 14, added: 3, skipped: 11 });
    for (const reason of SKIP_REASONS) {
      expect(figures[reason], reason).toBe(reason === 'blank field' || reason === 'prompt too long' ? 2 : 1);
    }

    const titles = (await stored()).map((row) => row.title).sort();
    expect(titles).toEqual(['Already here', 'Well tagged', 't'.repeat(PROMPT_LIMITS.title), '😀'.repeat(PROMPT_LIMITS.title)].sort());
    // Tags by the API's rule.
    const tagged = await database.db.selectFrom('prompts').select('tag_list').where('title', '=', 'Well tagged').executeTakeFirstOrThrow();
    expect(tagged.tag_list).toBe('cover-letter email');
    // Trimmed like the share form, but never cut.
    const emoji = (await stored()).find((row) => row.title.startsWith('😀'));
    expect(emoji?.prompt).toBe('p'.repeat(PROMPT_LIMITS.prompt));
  });

  it('is idempotent: importing the same file twice adds nothing the second time', async () => {
    const file = files.write(
      'twice.json',
      JSON.stringify([valid, { ...valid, title: 'Second' }, { ...valid, title: 'Third', prompt: 'Other text' }]),
    );
    const once = await vault(database, files.path, 'import', file);
    expect(summaryFigures(once.stdout)).toMatchObject({ read: 3, added: 3, skipped: 0 });
    const before = await stored();

    const twice = await vault(database, files.path, 'import', file);
    expect(summaryFigures(twice.stdout)).toMatchObject({ read: 3, added: 0, skipped: 3, 'already in library': 3 });
    expect(twice.stdout).toContain('item 1: already in library');
    expect(await stored()).toEqual(before);
  });

  it('stores the spelling a category or model already has, ignoring case, spaces and punctuation', async () => {
    const first = files.write('first.json', JSON.stringify([{ ...valid, category: 'Coding', model: 'GPT-4o' }]));
    await vault(database, files.path, 'import', first);
    const rows = [
      { ...valid, title: 'Two', category: 'coding', model: 'gpt 4o' },
      { ...valid, title: 'Three', category: 'CODING', model: 'Gpt4o' },
      // Two spellings of one value new to the library, in one file: the first one read wins.
      { ...valid, title: 'Four', category: 'Legal Drafting', model: 'GPT-4o' },
      { ...valid, title: 'Five', category: 'legal-drafting', model: 'GPT-4o' },
    ];
    const run = await vault(database, files.path, 'import', files.write('rows.json', JSON.stringify(rows)));
    expect(summaryFigures(run.stdout)).toMatchObject({ read: 4, added: 4 });
    const spellings = (await stored()).map((row) => `${row.title}: ${row.category} / ${row.model}`).sort();
    expect(spellings).toEqual([
      'Five: Legal Drafting / GPT-4o',
      'Four: Legal Drafting / GPT-4o',
      'Three: Coding / GPT-4o',
      'Two: Coding / GPT-4o',
      'Weekly Review: Coding / GPT-4o',
    ]);

    // --category and --model go through the same rule.
    const other = files.write('other.json', JSON.stringify([{ ...valid, title: 'Six' }]));
    await vault(database, files.path, 'import', other, '--category', 'legal drafting', '--model', 'GPT 4O');
    expect((await stored()).find((row) => row.title === 'Six')).toMatchObject({ category: 'Legal Drafting', model: 'GPT-4o' });
  });

  it('a dry run reports what it would add and writes nothing', async () => {
    const file = files.write('dry.csv', vaultCsv([valid, valid, { ...valid, title: '' }]));
    const run = await vault(database, files.path, 'import', file, '--dry-run');
    expect(run.stdout).toContain('Dry run (nothing written).');
    expect(summaryFigures(run.stdout)).toMatchObject({ read: 3, 'would add': 1, skipped: 2, 'duplicate in file': 1, 'blank field': 1 });
    expect(await stored()).toEqual([]);
  });

  it('maps the awesome-chatgpt-prompts columns, and --category / --model override the mapping', async () => {
    const awesome = stringify([
      ['act', 'prompt', 'for_devs', 'type', 'contributor'],
      ['Linux Terminal', 'Act as a terminal.', 'TRUE', 'TEXT', 'f'],
      ['Storyteller', 'Act as a storyteller.', 'FALSE', 'TEXT', 'f'],
      ['Poster', 'Draw a poster.', 'FALSE', 'IMAGE', 'f'],
      ['JSON Maker', 'Answer in JSON.', 'FALSE', 'STRUCTURED', 'f'],
    ]);
    const file = files.write('awesome.csv', awesome);
    const run = await vault(database, files.path, 'import', 'awesome.csv');
    expect(run.stderr).toContain('(csv-awesome)');
    const byTitle = new Map((await stored()).map((row) => [row.title, row]));
    expect(byTitle.get('Linux Terminal')).toMatchObject({ category: AWESOME_CATEGORIES.developer, model: AWESOME_DEFAULT_MODEL });
    expect(byTitle.get('Storyteller')?.category).toBe(AWESOME_CATEGORIES.other);
    expect(byTitle.get('Poster')?.category).toBe(AWESOME_CATEGORIES.image);
    expect(byTitle.get('JSON Maker')?.category).toBe(AWESOME_CATEGORIES.structured);
    // Undated rows keep the file's order under "newest first".
    expect((await stored()).map((row) => row.title)).toEqual(['Linux Terminal', 'Storyteller', 'Poster', 'JSON Maker']);

    const other = files.write('other.csv', awesome.replaceAll('Act as', 'Pretend to be'));
    await vault(database, files.path, 'import', other, '--category', 'Fun', '--model', 'Claude');
    const overridden = (await stored()).filter((row) => row.prompt.startsWith('Pretend'));
    expect(overridden).toHaveLength(2);
    expect(overridden.every((row) => row.category === 'Fun' && row.model === 'Claude')).toBe(true);

    const tooLong = await vault(database, files.path, 'import', file, '--category', 'c'.repeat(PROMPT_LIMITS.category + 1));
    expect(summaryFigures(tooLong.stdout)).toMatchObject({ added: 0, 'category too long': 4 });
  });

  it('refuses unreadable input and bad arguments with a clear message, writing nothing', async () => {
    const cases: [string[], number, string][] = [
      [['import', files.write('bad.csv', 'name,text\na,b\n')], 1, 'Unrecognised CSV header'],
      [['import', files.write('bad.json', '{"prompts": 3}')], 1, 'must be an array of prompts'],
      [['import', files.write('broken.json', '[{"title": ')], 1, 'not valid JSON'],
      [['import', files.write('quote.csv', 'title,prompt,category,model\n"a,b,c,d\n')], 1, 'not valid CSV'],
      [['import', 'missing.csv'], 1, 'ENOENT'],
      [['import'], 2, 'import needs exactly one file'],
      [['export', '--format', 'xml'], 2, 'export needs --format json or --format csv'],
      [['export', '--format', 'json', '--dry-run'], 2, 'are for import'],
      [['import', 'a.csv', '--bogus'], 2, 'Usage:'],
      [['frobnicate'], 2, 'Unknown command "frobnicate"'],
    ];
    for (const [argv, code, message] of cases) {
      const run = await vault(database, files.path, ...argv);
      expect(run.code, argv.join(' ')).toBe(code);
      expect(run.stderr, argv.join(' ')).toContain(message);
    }
    expect(await stored()).toEqual([]);
  });
});
