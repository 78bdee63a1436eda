import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleData } from '../../apps/server/src/db/seed';
import { insertBarePrompt } from '../../apps/server/src/testing/bare-prompt';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../../apps/server/src/testing/test-database';
import { distinctNeedles } from './cold-search';

/** Fewer than the sample data yields: 55-70 of its titles give one, as their random ids order them. */
const NEEDLES = 40;

describe.each(TEST_DIALECTS)('distinctNeedles on %s', (dialect) => {
  let database: TestDatabase;
  let titles: string[] = [];
  let texts: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleData(database.db);
    const rows = await database.db.selectFrom('prompts').select(['title', 'prompt']).where('status', '=', 'visible').execute();
    titles = rows.map(({ title }) => title.toLowerCase());
    texts = rows.map(({ prompt }) => prompt.toLowerCase());
  });

  afterAll(async () => {
    await database.close();
  });

  it('draws the same needles in every run on the same data', async () => {
    const first = await distinctNeedles(database, NEEDLES);
    const second = await distinctNeedles(database, NEEDLES);
    expect(first).toHaveLength(NEEDLES);
    expect(second).toEqual(first);
  });

  it('draws further words of the same titles when one pass over them is not enough, the first needles unchanged', async () => {
    // A pass draws at most one needle a title.
    const many = await distinctNeedles(database, 4 * titles.length);
    expect(many.length).toBeGreaterThan(titles.length);
    expect(new Set(many).size).toBe(many.length);
    expect(many.slice(0, NEEDLES)).toEqual(await distinctNeedles(database, NEEDLES));
  });

  it("goes on with words of the prompts' text once the titles run out, each of letters and digits alone", async () => {
    const many = await distinctNeedles(database, 20 * titles.length);
    const fromText = many.filter((needle) => !titles.some((title) => title.includes(needle)));
    expect(fromText.length).toBeGreaterThan(titles.length);
    for (const needle of fromText) {
      expect(texts.some((text) => text.includes(needle))).toBe(true);
      expect(/^[\p{L}\p{N}]+( [\p{L}\p{N}]+){0,2}$/u.test(needle)).toBe(true);
    }
  });

  it('draws text of a title each: several words, or one of five letters or more', async () => {
    for (const needle of await distinctNeedles(database, NEEDLES)) {
      expect(titles.some((title) => title.includes(needle))).toBe(true);
      expect(/^\S+( \S+)+$/.test(needle) || needle.length >= 5).toBe(true);
    }
  });

  it('skips words either side of a colon, which are not text of the title', async () => {
    // Titles of two words split by a colon: any draw of two or three words spans it, a draw of one does not.
    const colons = await createTestDatabase(dialect);
    try {
      for (let index = 0; index < 30; index += 1) {
        await insertBarePrompt(colons.db, `colon-${index}`, `Alpha${index}: Beta${index}`, 'A prompt.');
      }
      const needles = await distinctNeedles(colons, 30);
      expect(needles.length).toBeGreaterThan(0);
      expect(needles.every((needle) => /^(alpha|beta)\d+$/.test(needle))).toBe(true);
    } finally {
      await colons.close();
    }
  });
});
