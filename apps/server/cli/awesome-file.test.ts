import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countPrompts } from '../src/prompts/read-repository';
import { type TestDatabase, TEST_DIALECTS, createTestDatabase } from '../src/testing/test-database';
import { scratchFolder, summaryFigures, vault } from './cli-test-helpers';

// Real data, vendored with its licence note (fixtures/README.md), so the
// test runs in every clone.
const DATA_FILE = fileURLToPath(new URL('./fixtures/awesome-chatgpt-prompts.csv', import.meta.url));

/**
 * The figures the summary must show, computed here straight from the file
 * with nothing of the importer: code-point lengths against the spec's limits
 * (title 50, prompt 5000) and exact title+text repeats among the rows that fit.
 */
function expectedFigures() {
  const rows = parse(readFileSync(DATA_FILE), { columns: true, bom: true }) as { act: string; prompt: string }[];
  const length = (value: string) => [...value.trim()].length;
  const titleTooLong = rows.filter((row) => length(row.act) > 50).length;
  const promptTooLong = rows.filter((row) => length(row.prompt) > 5000).length;
  const blank = rows.filter((row) => length(row.act) === 0 || length(row.prompt) === 0).length;
  const fitting = rows.filter(
    (row) => length(row.act) > 0 && length(row.prompt) > 0 && length(row.act) <= 50 && length(row.prompt) <= 5000,
  );
  const distinct = new Set(fitting.map((row) => `${row.act.trim()}\n--\n${row.prompt.trim()}`)).size;
  return {
    read: rows.length,
    added: distinct,
    skipped: rows.length - distinct,
    titleTooLong,
    promptTooLong,
    blank,
    duplicateInFile: fitting.length - distinct,
  };
}

describe.each(TEST_DIALECTS)('importing the real awesome-chatgpt-prompts.csv on %s', (dialect) => {
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

  // Two runs of the CLI, each a process of its own: 3-6 s on a busy two-core machine, past Vitest's default 5 s.
  it('reports figures that match the file, and a second import adds nothing', { timeout: 30_000 }, async () => {
    const expected = expectedFigures();
    // The file as the brief describes it: 1,524 prompts, ~200 long titles, ~160 long texts.
    expect(expected.read).toBe(1524);

    const run = await vault(database, files.path, 'import', DATA_FILE);
    expect(run.code).toBe(0);
    const figures = summaryFigures(run.stdout);
    expect(figures.read).toBe(expected.read);
    expect(figures.added).toBe(expected.added);
    expect(figures.skipped).toBe(expected.skipped);
    expect(figures['title too long']).toBe(expected.titleTooLong);
    expect(figures['prompt too long']).toBe(expected.promptTooLong);
    expect(figures['blank field'] ?? 0).toBe(expected.blank);
    expect(figures['duplicate in file']).toBe(expected.duplicateInFile);
    expect(figures['already in library']).toBeUndefined();
    expect(run.stdout.match(/^ {2}line \d+: /gm)).toHaveLength(expected.skipped);
    expect(await countPrompts(database.db, dialect, {})).toBe(expected.added);

    const again = await vault(database, files.path, 'import', DATA_FILE);
    const second = summaryFigures(again.stdout);
    expect(second).toMatchObject({ read: expected.read, added: 0, 'already in library': expected.added });
    expect(await countPrompts(database.db, dialect, {})).toBe(expected.added);
  });
});
