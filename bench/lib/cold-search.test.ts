import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleData } from '../../apps/server/src/db/seed';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../../apps/server/src/testing/test-database';
import { distinctNeedles } from './cold-search';

/** Fewer than the sample data yields (about 60). */
const NEEDLES = 40;

describe.each(TEST_DIALECTS)('distinctNeedles (%s)', (dialect) => {
  let database: TestDatabase;
  /** Each title's words, as distinctNeedles splits them, joined by single spaces. */
  let titleWords: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleData(database.db);
    const rows = await database.db.selectFrom('prompts').select('title').execute();
    titleWords = rows.map(
      ({ title }) =>
        ` ${title
          .toLowerCase()
          .split(/[\s:]+/)
          .filter(Boolean)
          .join(' ')} `,
    );
  });

  afterAll(async () => {
    await database.close();
  });

  it('draws the same needles in every run on the same data', async () => {
    const first = await distinctNeedles(database.db, NEEDLES);
    const second = await distinctNeedles(database.db, NEEDLES);
    expect(first).toHaveLength(NEEDLES);
    expect(second).toEqual(first);
  });

  it('draws distinct needles, each consecutive whole words of a title: several, or one of five letters or more', async () => {
    const needles = await distinctNeedles(database.db, NEEDLES);
    expect(new Set(needles).size).toBe(needles.length);
    for (const needle of needles) {
      expect(titleWords.some((words) => words.includes(` ${needle} `))).toBe(true);
      expect(needle.includes(' ') || needle.length >= 5).toBe(true);
    }
  });
});
