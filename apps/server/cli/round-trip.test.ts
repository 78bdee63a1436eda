import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/ids';
import { insertPrompt } from '../src/prompts/insert-repository';
import { listPrompts } from '../src/prompts/read-repository';
import { recordCopies, setLikes } from '../src/prompts/reactions-repository';
import { type TestDatabase, TEST_DIALECTS, createTestDatabase } from '../src/testing/test-database';
import { scratchFolder, summaryFigures, vault } from './cli-test-helpers';
import { EXPORT_KIND, EXPORT_VERSION } from './export-prompts';

const tricky = [
  { title: 'Commas, "quotes" and <tags>', prompt: 'Line one\nLine two, with "quotes"\r\nand a trailing \\ backslash' },
  { title: 'Ünïcödé 😀 title', prompt: '日本語のプロンプト {{topic}} and [name]' },
  { title: 'Formula-looking', prompt: '=SUM(A1:A3) +1 -1 @x' },
  { title: 'Same title', prompt: 'First text' },
  { title: 'Same title', prompt: 'Second text' },
];

describe.each(TEST_DIALECTS)('vault export and round trip on %s', (dialect) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let files: ReturnType<typeof scratchFolder>;
  beforeEach(async () => {
    [source, target] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect)]);
    files = scratchFolder();
    for (const [index, { title, prompt }] of tricky.entries()) {
      await insertPrompt(source.db, {
        id: `p${index}`,
        title,
        prompt,
        category: index % 2 ? 'Writing' : 'Coding',
        model: index % 2 ? 'GPT-4o' : 'Claude Sonnet 4',
        created_at: nowIso(new Date(Date.UTC(2025, 0, 1 + index, 12, 0, 0, index))),
        // Every other prompt has tags, one outside ASCII.
        tag_list: index % 2 ? 'email über-café' : '',
      });
    }
    await insertPrompt(source.db, {
      id: 'hidden',
      title: 'Hidden by moderation',
      prompt: 'Not exported',
      category: 'Spam',
      model: 'Spam',
      status: 'hidden',
      created_at: nowIso(),
    });
    await setLikes(source.db, source.dialect, [
      { promptId: 'p1', userId: 'user_test00000001', liked: true, createdAt: nowIso() },
      { promptId: 'p1', userId: 'user_test00000002', liked: true, createdAt: nowIso() },
    ]);
    await recordCopies(source.db, source.dialect, [{ promptId: 'p2', userId: 'anonymous', createdAt: nowIso() }]);
  });
  afterEach(async () => {
    await Promise.all([source.close(), target.close()]);
    files.cleanup();
  });

  const promptData = async (db: TestDatabase) =>
    (await listPrompts(db.db, dialect, {}, { sort: 'newest' }, undefined))
      .map(({ title, prompt, category, model, created_at, tag_list }) => ({ title, prompt, category, model, created_at, tag_list }))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));

  it('exports every visible prompt with its counts, as JSON', async () => {
    const run = await vault(source, files.path, 'export', '--format', 'json', '--out', 'out.json');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Exported 5 prompts to out.json');
    const document = JSON.parse(readFileSync(join(files.path, 'out.json'), 'utf8'));
    expect(document).toMatchObject({ format: EXPORT_KIND, version: EXPORT_VERSION, count: 5 });
    expect(document.prompts.map((prompt: { title: string }) => prompt.title)).not.toContain('Hidden by moderation');
    const liked = document.prompts.find((prompt: { _id: string }) => prompt._id === 'p1');
    expect(liked).toMatchObject({
      title: tricky[1]?.title,
      likes: 2,
      copyCount: 0,
      commentCount: 0,
      createdAt: '2025-01-02T12:00:00.001Z',
      tags: ['email', 'über-café'],
    });
    expect(document.prompts.find((prompt: { _id: string }) => prompt._id === 'p0')).toMatchObject({ tags: [] });
    expect(document.prompts.find((prompt: { _id: string }) => prompt._id === 'p2')).toMatchObject({ copyCount: 1 });
  });

  it('exports CSV that a spreadsheet reads back to the same fields', async () => {
    const run = await vault(source, files.path, 'export', '--format', 'csv');
    const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      '_id',
      'title',
      'prompt',
      'category',
      'model',
      'createdAt',
      'likes',
      'copyCount',
      'commentCount',
      'tags',
    ]);
    expect(rows.find((row) => row._id === 'p0')?.prompt).toBe(tricky[0]?.prompt);
    expect(rows.find((row) => row._id === 'p1')?.tags).toBe('email,über-café');
    expect(rows.find((row) => row._id === 'p0')?.tags).toBe('');
    expect(rows.find((row) => row._id === 'p1')?.likes).toBe('2');
  });

  it.each(['json', 'csv'])('round-trips exactly through %s into an empty database, and a second import adds nothing', async (format) => {
    await vault(source, files.path, 'export', '--format', format, '--out', `out.${format}`);
    const first = await vault(target, files.path, 'import', `out.${format}`);
    expect(summaryFigures(first.stdout)).toMatchObject({ read: 5, added: 5, skipped: 0 });
    expect(await promptData(target)).toEqual(await promptData(source));
    // The imported tags are counted like tags shared through the API (two visible prompts carry each).
    expect(await target.db.selectFrom('tags').select(['name', 'count']).orderBy('name').execute()).toEqual([
      { name: 'email', count: 2 },
      { name: 'über-café', count: 2 },
    ]);

    const again = await vault(target, files.path, 'import', `out.${format}`);
    expect(summaryFigures(again.stdout)).toMatchObject({ read: 5, added: 0, 'already in library': 5 });

    // Counts are exported for information only: the new library starts at zero.
    const counts = await listPrompts(target.db, dialect, {}, { sort: 'newest' }, undefined);
    expect(counts.every((row) => row.like_count === 0 && row.copy_count === 0 && row.comment_count === 0)).toBe(true);
  });
});
