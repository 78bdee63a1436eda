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
  /** Every run of one to three whole words a title holds: all the titles' own needles can be. */
  const runs = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleData(database.db);
    const rows = await database.db.selectFrom('prompts').select('title').where('status', '=', 'visible').execute();
    titles = rows.map(({ title }) => title.toLowerCase());
    for (const title of titles) {
      const words = title.split(/[\s:]+/).filter(Boolean);
      for (let start = 0; start < words.length; start += 1) {
        for (let size = 1; size <= 3 && start + size <= words.length; size += 1) runs.add(words.slice(start, start + size).join(' '));
      }
    }
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
    expect(many.filter((needle) => runs.has(needle)).length).toBeGreaterThan(titles.length);
    expect(new Set(many).size).toBe(many.length);
    expect(many.slice(0, NEEDLES)).toEqual(await distinctNeedles(database, NEEDLES));
  });

  it('goes on with the needles as typed, less their last letters, once the titles run out', async () => {
    const many = await distinctNeedles(database, 4 * runs.size);
    const firstTyped = many.findIndex((needle) => !runs.has(needle));
    expect(firstTyped).toBeGreaterThan(0);
    // Every title needle first, the same as when fewer are asked for.
    expect(many.slice(0, firstTyped)).toEqual(await distinctNeedles(database, firstTyped));
    for (const needle of many.slice(firstTyped)) {
      expect(titles.some((title) => title.includes(needle))).toBe(true);
      if (runs.has(needle)) continue;
      const whole = many.slice(0, firstTyped).find((run) => run.startsWith(needle) && run.length - needle.length <= 2);
      expect(whole).toBeDefined();
      // Its last word three letters or more; a word alone, five or more, as the title needles.
      expect(needle.includes(' ') ? /\S{3}$/.test(needle) : needle.length >= 5).toBe(true);
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
