import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import { localLibraryWrites } from '../cache/library-writes';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { countPrompts, findMatches } from './read-repository';
import { createPromptsService } from './service';
import { type TrigramFigures, chooseWindow, planWindow, trigramsOf, windowMatches, windowMatchesQuery } from './trigram-plan';

describe('choosing the part of a needle to look up', () => {
  const common: TrigramFigures = { prompts: 50_000, occurrences: 100_000 };
  const rare: TrigramFigures = { prompts: 100, occurrences: 120 };

  it('cuts trigrams as the trigram tokenizer does', () => {
    expect(trigramsOf('Meal Plan')).toEqual(['mea', 'eal', 'al ', 'l p', ' pl', 'pla', 'lan']);
    expect(trigramsOf('ab')).toEqual([]);
  });

  it('takes the run of rare trigrams, and lets the whole needle back in past what it would cost', () => {
    const figures = (trigram: string) => (trigram === 'ssi' || trigram === 'sis' ? rare : common);
    const needle = 'questions assistant';
    // "ssi" alone: 120 occurrences and 100 prompts to test; with "sis": 240 and about 80; any common
    // trigram more adds 100,000 occurrences.
    const plan = chooseWindow(needle, figures);
    expect(plan?.window).toBe('ssis');
    const wholeCost = (trigramsOf(needle).length - 2) * common.occurrences + 2 * rare.occurrences;
    expect(plan?.candidateLimit).toBe(Math.floor((wholeCost - 2 * rare.occurrences) / 90));
  });

  it('reads the whole needle when no part of it is cheaper, or the needle is not ASCII or one trigram', () => {
    const everyTrigramRare = () => ({ prompts: 1, occurrences: 1 });
    expect(chooseWindow('questions assistant', everyTrigramRare)).toBeUndefined();
    expect(chooseWindow('café crème', (trigram) => (trigram === 'caf' ? rare : common))).toBeUndefined();
    expect(chooseWindow('zeb', () => rare)).toBeUndefined();
  });
});

/**
 * SQLite only (PostgreSQL finds phrases through their words). Enough prompts
 * share a long common text that a needle's rare part costs less to read and
 * test than the whole needle, as in a real library.
 */
describe('finding a needle through its rare part, on sqlite', () => {
  let database: TestDatabase;
  const COMMON_TEXT = 'Questions and answers: questions, then more questions about the question.';
  const rareTexts = [
    { title: 'Questions Zebra Guide', prompt: COMMON_TEXT },
    { title: 'Zebra facts', prompt: `${COMMON_TEXT} Questions ZEBRA in capitals.` },
    { title: 'Zebra alone', prompt: 'A zebra, and questions elsewhere; not together.' },
    { title: 'Zebra questions', prompt: 'Questions-zebra with a hyphen is not the needle.' },
    { title: 'Odd zebra', prompt: 'Take 5% off questions zebra_like names.' },
  ];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const caches = createAppCaches();
    const library = createPromptsService(database, caches, localLibraryWrites(caches));
    for (let index = 0; index < 60; index += 1) {
      await library.create({ title: `Common ${index}`, prompt: COMMON_TEXT, category: 'Writing', model: 'o3', tags: [] });
    }
    for (const row of rareTexts) await library.create({ ...row, category: 'Writing', model: 'o3', tags: [] });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const scanned = async (needle: string) => {
    const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM prompts
      WHERE instr(lower(title), lower(${needle})) > 0 OR instr(lower(prompt), lower(${needle})) > 0 ORDER BY rowid`.execute(database.db);
    return rows.map((row) => row.id);
  };

  it('finds what a scan finds, through the rare part', async () => {
    for (const needle of ['questions zebra', 'QUESTIONS ZEBRA', 'questions zebra_', 'questions, then more zebra', '5% off questions']) {
      const plan = await planWindow(database.db, needle);
      // The plan is not vacuous: each needle is read through a part of it.
      expect(plan?.window, needle).toBeDefined();
      expect(needle.toLowerCase(), needle).toContain(plan?.window.toLowerCase());
      const list = await findMatches(database.db, 'sqlite', needle, 100);
      expect([...(list?.matches ?? [])].sort((a, b) => Number(a) - Number(b)), needle).toEqual(await scanned(needle));
      expect(await countPrompts(database.db, 'sqlite', { q: needle }, list), needle).toBe(await countPrompts(database.db, 'sqlite', { q: needle }, 'scan'));
    }
    expect(await scanned('questions zebra')).toHaveLength(3);
    expect(await scanned('questions, then more zebra')).toEqual([]);
  });

  it('gives way to the whole needle when the part finds more prompts than its limit', async () => {
    const plan = { window: 'zebra', candidateLimit: rareTexts.length - 1 };
    expect(await windowMatches(database.db, 'questions zebra', plan, 100)).toBeUndefined();
    expect(await windowMatches(database.db, 'questions zebra', { ...plan, candidateLimit: rareTexts.length }, 100)).toHaveLength(3);
    // Under the caller's limit, as the whole needle's lookup stops there.
    expect(await windowMatches(database.db, 'questions zebra', { ...plan, candidateLimit: rareTexts.length }, 2)).toHaveLength(2);
  });

  it("looks each of the part's prompts up by its key, never scanning the prompts", async () => {
    const query = windowMatchesQuery('questions zebra', { window: 'zebra', candidateLimit: 10 }, 100).compile(database.db);
    const { rows } = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    const details = rows.map((row) => row.detail);
    expect(details).toContain('SEARCH prompts USING INTEGER PRIMARY KEY (rowid=?)');
    expect(details).not.toContain('SCAN prompts');
  });
});
