import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import type { Database } from '../db/schema';
import { localLibraryWrites } from '../cache/library-writes';
import { seedSampleData } from '../db/seed';
import { scannedRowids, titleWordRuns } from '../testing/scanned-matches';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { countPrompts, findMatches } from './read-repository';
import { createPromptsService } from './service';
import {
  chooseWindow,
  estimatePromptsHolding,
  planWindow,
  sampleTrigrams,
  trigramsOf,
  windowMatches,
  windowMatchesQuery,
  windowsMatch,
} from './trigram-plan';
import { ENTRIES_READ_PER_PROMPT_TESTED } from './trigram-runs';

/** A handle on `db` that counts the statements sent through it (and, being a new handle, has no estimates kept). */
function countingStatements(db: Kysely<Database>) {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: counted, statements: () => statements };
}

describe('choosing the part of a needle to look up', () => {
  const COMMON = 50_000;
  const RARE = 100;
  const LIBRARY = 100_000;

  it('cuts trigrams as the trigram tokenizer does', () => {
    expect(trigramsOf('Meal Plan')).toEqual(['mea', 'eal', 'al ', 'l p', ' pl', 'pla', 'lan']);
    expect(trigramsOf('ab')).toEqual([]);
  });

  it('takes the run of rare trigrams, and lets the whole needle back in past what it would cost', () => {
    const promptsHolding = (trigram: string) => (trigram === 'ssi' || trigram === 'sis' ? RARE : COMMON);
    const needle = 'questions assistant';
    // "ssi" alone: 100 entries read and 100 prompts to test; with "sis": 200 read and about 80 to test; any
    // common trigram more adds 50,000 entries.
    const plan = chooseWindow(needle, promptsHolding, LIBRARY);
    expect(plan?.windows).toEqual(['ssis']);
    const wholeCost = (trigramsOf(needle).length - 2) * COMMON + 2 * RARE;
    expect(plan?.candidateLimit).toBe(Math.floor((wholeCost - 2 * RARE) / ENTRIES_READ_PER_PROMPT_TESTED));
  });

  it('reads the whole needle when no part of it is cheaper, or the needle is not ASCII or one trigram', () => {
    // Every trigram in one prompt: any part leaves at least that one to test, however long the part.
    expect(chooseWindow('questions assistant for questions assistants', () => 1, LIBRARY)).toBeUndefined();
    expect(chooseWindow('café crème', (trigram) => (trigram === 'caf' ? RARE : COMMON), LIBRARY)).toBeUndefined();
    expect(chooseWindow('zeb', () => RARE, LIBRARY)).toBeUndefined();
  });

  it('reads two rare runs together when the prompts they share are guessed few', () => {
    const SOMEWHAT_RARE = 1000;
    const rare = new Set(['zeb', 'ebr', 'bra', 'yak']);
    const promptsHolding = (trigram: string) => (rare.has(trigram) ? SOMEWHAT_RARE : COMMON);
    const needle = 'zebra questions yak';
    // "zebra" alone: 3,000 entries read and about 640 prompts to test. "zeb" and "yak": 2,000 read, and of
    // 1,000 and 1,000 prompts in 100,000 about 30 guessed to hold both (three times chance); a longer first
    // run would read more than it saves.
    // "que" then narrows them (otherWordsTrigrams): reading it costs less than testing the 1,000 prompts of
    // the rarer run, 100,000 entries' worth.
    const plan = chooseWindow(needle, promptsHolding, LIBRARY);
    expect(plan?.windows).toEqual(['zeb', 'que', 'yak']);
    const wholeCost = (trigramsOf(needle).length - rare.size) * COMMON + rare.size * SOMEWHAT_RARE;
    expect(plan?.candidateLimit).toBe(Math.floor((wholeCost - 2 * SOMEWHAT_RARE - COMMON) / ENTRIES_READ_PER_PROMPT_TESTED));
    // In a library of 1,000 every prompt holds both: "yak" adds only its read. "zebra" alone leaves about 640
    // prompts to test (64,000 entries' worth), more than reading "que" (50,000) and "yak" (1,000) costs, so
    // they are read with it (otherWordsTrigrams), though here they can narrow nothing.
    expect(chooseWindow(needle, promptsHolding, 1000)?.windows).toEqual(['zebra', 'que', 'yak']);
  });

  it('pairs a run with a longer second one when that finds fewer prompts, though it reads more', () => {
    // "yak" in 20,000 prompts, each of "zebra"'s trigrams in 3,000: the more of "zebra" the pair reads, the
    // fewer prompts it is guessed to test (1,152 with all of it, 1,800 with "zeb" alone).
    const promptsHolding = (trigram: string) => (trigram === 'yak' ? 20_000 : ['zeb', 'ebr', 'bra'].includes(trigram) ? 3000 : COMMON);
    // Reading "que" (50,000 entries) costs less than testing the rarer run's prompts, the 1,920 guessed for
    // "zebra" (192,000 entries' worth).
    expect(chooseWindow('yak questions zebra', promptsHolding, LIBRARY)?.windows).toEqual(['yak', 'que', 'zebra']);
  });

  it('pairs only runs in different words, of a needle of at most 32 trigrams repeating none', () => {
    const rareAt =
      (...rare: string[]) =>
      (trigram: string) =>
        rare.includes(trigram) ? RARE * 10 : COMMON;
    // "abc" and "def" of two words; of one word, their prompts are mostly the same ones.
    expect(chooseWindow('abc defgh', rareAt('abc', 'def'), LIBRARY)?.windows).toEqual(['abc', 'def']);
    expect(chooseWindow('abc-defgh', rareAt('abc', 'def'), LIBRARY)?.windows).toEqual(['abc', 'def']);
    expect(chooseWindow('abcdefgh', rareAt('abc', 'def'), LIBRARY)?.windows).toEqual(['abc']);
    expect(chooseWindow('abc1defgh', rareAt('abc', 'def'), LIBRARY)?.windows).toEqual(['abc']);
    // The space itself belongs to neither word: " de" may follow "abc", and "bc " may precede "def".
    expect(chooseWindow('abc defgh', rareAt('abc', ' de'), LIBRARY)?.windows).toEqual(['abc', ' de']);
    expect(chooseWindow('abc defgh', rareAt('bc ', 'def'), LIBRARY)?.windows).toEqual(['bc ', 'def']);
    // "bc " and " de" share the space; "c d" spans both words. "defgh", untouched by "bc ", is narrowed by
    // its first rarest trigram (otherWordsTrigrams).
    expect(chooseWindow('abc defgh', rareAt('bc ', ' de'), LIBRARY)?.windows).toEqual(['bc ', 'def']);
    expect(chooseWindow('abc defgh', rareAt('c d', 'efg'), LIBRARY)?.windows).toEqual(['c d']);
    expect(chooseWindow('abc defgh xyz', rareAt('c d', 'xyz'), LIBRARY)?.windows).toEqual(['c d', 'xyz']);
    // Between "zebra " and " yak", distinct letters: 32 trigrams, then 33.
    const paired = `zebra ${'abcdefghijklmnopqrstuvwx'} yak`;
    const longer = `zebra ${'abcdefghijklmnopqrstuvwxy'} yak`;
    expect(trigramsOf(paired)).toHaveLength(32);
    expect(trigramsOf(longer)).toHaveLength(33);
    // Paired, "zeb" and "yak" cost least; alone, all of "zebra" does. The other words' rarest trigrams then
    // narrow either (otherWordsTrigrams).
    const zebraAndYak = rareAt('zeb', 'ebr', 'bra', 'yak');
    expect(chooseWindow(paired, zebraAndYak, LIBRARY)?.windows).toEqual(['zeb', 'abc', 'yak']);
    expect(chooseWindow(longer, zebraAndYak, LIBRARY)?.windows).toEqual(['zebra', 'abc', 'yak']);
    // Both "zebra"s would be priced as two rare runs, though their prompts are the same.
    // Nor is the second "zebra" taken to narrow the first: it would say nothing the first does not.
    expect(chooseWindow('zebra questions zebra', rareAt('zeb'), LIBRARY)?.windows).toEqual(['zeb', 'que']);
  });

  it("narrows the part with the rarest trigram of each word it leaves out, rarest first, while they read less than the part's tests", () => {
    const held = new Map([
      ['abc', 1000],
      ['fgh', 20_000],
      ['efg', 40_000],
      ['uvw', 25_000],
    ]);
    const holding = (xyz: number) => (trigram: string) => (trigram === 'xyz' ? xyz : (held.get(trigram) ?? COMMON));
    // "abc" and "fgh" cost least as a pair (21,000 entries read, 600 prompts guessed to hold both), and up to
    // 1,000 prompts to test, the rarer run's, 100,000 entries' worth. "defgh" is touched by the pair; "uvw"
    // (25,000) is read first, then "xyz" if the two read fewer entries than that.
    const plan = chooseWindow('abc defgh xyz uvw', holding(30_000), LIBRARY);
    expect(plan?.windows).toEqual(['abc', 'fgh', 'xyz', 'uvw']);
    const wholeCost = trigramsOf('abc defgh xyz uvw').reduce((sum, trigram) => sum + holding(30_000)(trigram), 0);
    expect(plan?.candidateLimit).toBe(Math.floor((wholeCost - 1000 - 20_000 - 30_000 - 25_000) / ENTRIES_READ_PER_PROMPT_TESTED));
    expect(chooseWindow('abc defgh xyz uvw', holding(75_000), LIBRARY)?.windows).toEqual(['abc', 'fgh', 'uvw']);
    // A word of two letters has no trigram of its own; a word whose rarest trigram is read already adds nothing.
    expect(chooseWindow('abc defgh xy', holding(30_000), LIBRARY)?.windows).toEqual(['abc', 'fgh']);
    expect(chooseWindow('abc defgh uvw uvwx', holding(30_000), LIBRARY)?.windows).toEqual(['abc', 'fgh', 'uvw']);
  });
});

/**
 * SQLite only (PostgreSQL finds phrases through their words). Enough prompts
 * share a long common text that a needle's rare part costs less to read and
 * test than the whole needle, as in a real library.
 */
describe('finding a needle through its rare part, on sqlite', () => {
  let database: TestDatabase;
  const COMMON_PROMPTS = 60;
  const COMMON_TEXT = 'Questions and answers: questions, then more questions about the question.';
  const rareTexts = [
    { title: 'Questions Zebra Guide', prompt: COMMON_TEXT },
    { title: 'Zebra facts', prompt: `${COMMON_TEXT} Questions ZEBRA in capitals.` },
    { title: 'Zebra alone', prompt: 'A zebra, and questions elsewhere; not together.' },
    { title: 'Zebra questions', prompt: 'Questions-zebra with a hyphen is not the needle.' },
    { title: 'Odd zebra', prompt: 'Take 5% off questions zebra_like names.' },
    { title: 'Escapes', prompt: 'Escape \\ questions and "quoted zebra" questions.' },
    { title: 'Yak herd', prompt: 'Questions about a zebra.' },
    { title: 'Pasture', prompt: 'Questions invited: a yak grazes here, far from any zebra.' },
  ];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const caches = createAppCaches();
    const library = createPromptsService(database, caches, localLibraryWrites(caches));
    for (let index = 0; index < COMMON_PROMPTS; index += 1) {
      await library.create({ title: `Common ${index}`, prompt: COMMON_TEXT, category: 'Writing', model: 'o3', tags: [] });
    }
    for (const row of rareTexts) await library.create({ ...row, category: 'Writing', model: 'o3', tags: [] });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const scanned = (needle: string) => scannedRowids(database.db, needle);

  it('finds what a scan finds, through the rare part', async () => {
    const needles = [
      'questions zebra',
      'QUESTIONS ZEBRA',
      'questions zebra_',
      'questions, then more zebra',
      '5% off questions',
      'escape \\ questions',
      'zebra" questions',
    ];
    for (const needle of needles) {
      const plan = await planWindow(database.db, needle);
      // The plan is not vacuous: each needle is read through a part of it, which finds its prompts itself.
      expect(plan?.windows, needle).toBeDefined();
      if (!plan) continue;
      for (const window of plan.windows) expect(needle.toLowerCase(), needle).toContain(window.toLowerCase());
      expect((await windowMatches(database.db, needle, plan, 100))?.ids, needle).toEqual(await scanned(needle));
      // Asked for one, it counts them all (the listing's total of a needle just past its list's limit).
      const first = await windowMatches(database.db, needle, plan, 1, 100);
      expect(first?.ids, needle).toHaveLength(Math.min(1, (await scanned(needle)).length));
      expect(first?.counted, needle).toBe((await scanned(needle)).length);
      const { list } = await findMatches(database.db, 'sqlite', needle, 100);
      expect(
        [...(list?.matches ?? [])].sort((a, b) => Number(a) - Number(b)),
        needle,
      ).toEqual(await scanned(needle));
      expect(await countPrompts(database.db, 'sqlite', { q: needle }, list), needle).toBe(
        await countPrompts(database.db, 'sqlite', { q: needle }, 'scan'),
      );
    }
    expect(await scanned('questions zebra')).toHaveLength(3);
    expect(await scanned('escape \\ questions')).toHaveLength(1);
    expect(await scanned('zebra" questions')).toHaveLength(1);
    expect(await scanned('questions, then more zebra')).toEqual([]);
  });

  it('takes % and _ in a needle literally', async () => {
    const plan = { windows: ['zebra'], candidateLimit: 10 };
    // Unescaped, each would match "Questions Zebra", "Questions-zebra" and the like.
    expect((await windowMatches(database.db, 'questions_zebra', plan, 100))?.ids).toEqual([]);
    expect((await windowMatches(database.db, 'questions%zebra', plan, 100))?.ids).toEqual([]);
    expect((await windowMatches(database.db, 'zebra_', plan, 100))?.ids).toEqual(await scanned('zebra_'));
    expect(await scanned('zebra_')).toHaveLength(1);
  });

  it('reads a needle of one trigram or more than 64 whole, sampling nothing', async () => {
    const counted = countingStatements(database.db);
    expect(await planWindow(counted.db, 'questions zebra '.repeat(5))).toBeUndefined();
    // One trigram: its only run is the whole needle.
    expect(await planWindow(counted.db, 'zeb')).toBeUndefined();
    expect(counted.statements()).toBe(0);
    expect(await planWindow(counted.db, 'questions zebra')).toBeDefined();
    // The trigrams' sample and the library's size.
    expect(counted.statements()).toBe(2);
  });

  it('plans a needle again from its kept estimates alone, as it planned it first, and samples them again once they expire', async () => {
    const needles = [
      'questions zebra',
      'a yak grazes here, far from any zebra',
      'escape questions',
      'take 5% off questions zebra_like names',
    ];
    const counted = countingStatements(database.db);
    const first = await Promise.all(needles.map((needle) => planWindow(counted.db, needle)));
    for (const [index, plan] of first.entries()) expect(plan, needles[index]).toBeDefined();
    const statements = counted.statements();
    for (const [index, needle] of needles.entries()) expect(await planWindow(counted.db, needle), needle).toEqual(first[index]);
    expect(counted.statements()).toBe(statements);
    // One trigram not kept ("ras"): sampled alone, the library's size kept.
    expect(await planWindow(counted.db, 'questions zebras')).toEqual(await planWindow(database.db, 'questions zebras'));
    expect(counted.statements()).toBe(statements + 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
      expect(await planWindow(counted.db, 'questions zebra')).toEqual(first[0]);
      // The trigrams' sample and the library's size, read again.
      expect(counted.statements()).toBe(statements + 3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('samples a trigram once for searches asking at the same time, and keeps its estimate', async () => {
    const counted = countingStatements(database.db);
    const [both, one] = await Promise.all([
      estimatePromptsHolding(counted.db, ['zeb', 'que']),
      estimatePromptsHolding(counted.db, ['zeb']),
    ]);
    expect(counted.statements()).toBe(1);
    // Fewer matches than a sample: counted. Every rare text holds "zebra", and every prompt "questions".
    expect(both('zeb')).toBe(rareTexts.length);
    expect(one('zeb')).toBe(rareTexts.length);
    expect(both('que')).toBe(COMMON_PROMPTS + rareTexts.length);
    expect(both('xyz')).toBe(0);
    await estimatePromptsHolding(counted.db, ['que', 'zeb']);
    expect(counted.statements()).toBe(1);
  });

  it("estimates a trigram's prompts from its newest ones, by the share of the rowids they span", async () => {
    const library = COMMON_PROMPTS + rareTexts.length;
    // Samples of ten. Every prompt holds "que": its newest ten span ten rowids of ten. Only the common
    // prompts' titles hold "com" ("Common 0" is rowid 1): its newest ten, rowids 51 to 60, span 15 of the
    // library's rowids, so it is guessed in 10 of every 15 prompts.
    const estimates = await sampleTrigrams(database.db, ['que', 'com', 'xyz'], 10);
    expect(estimates.get('que')).toBe(library);
    const oldestSampled = COMMON_PROMPTS - 10 + 1;
    expect(estimates.get('com')).toBe(Math.round((10 * library) / (library - oldestSampled + 1)));
    expect(estimates.get('xyz') ?? 0).toBe(0);
  });

  it('gives way to the whole needle when the part finds more prompts than its limit', async () => {
    const plan = { windows: ['zebra'], candidateLimit: rareTexts.length - 1 };
    expect((await windowMatches(database.db, 'questions zebra', plan, 100))?.ids).toBeUndefined();
    expect((await windowMatches(database.db, 'questions zebra', { ...plan, candidateLimit: rareTexts.length }, 100))?.ids).toHaveLength(3);
    // Under the caller's limit, as the whole needle's lookup stops there.
    const firstTwo = (await scanned('questions zebra')).slice(0, 2);
    expect((await windowMatches(database.db, 'questions zebra', { ...plan, candidateLimit: rareTexts.length }, 2))?.ids).toEqual(firstTwo);
    // Counted no further than asked: the first one, and two of the three.
    expect(await windowMatches(database.db, 'questions zebra', { ...plan, candidateLimit: rareTexts.length }, 1, 2)).toEqual({
      ids: firstTwo.slice(0, 1),
      counted: 2,
    });
  });

  it('reads two windows together, finding only the prompts holding both', async () => {
    const both = { windows: ['questions', 'zebra'], candidateLimit: rareTexts.length };
    // Every rare text holds both words; "questions" alone is in every prompt, past the limit.
    expect((await windowMatches(database.db, 'questions zebra', both, 100))?.ids).toEqual(await scanned('questions zebra'));
    expect((await windowMatches(database.db, 'questions zebra', { ...both, windows: ['zebra', 'questions'] }, 100))?.ids).toEqual(
      await scanned('questions zebra'),
    );
    expect((await windowMatches(database.db, 'questions zebra', { ...both, windows: ['questions'] }, 100))?.ids).toBeUndefined();
    // "Yak herd" holds "yak" in its title and "zebra" in its text, "Pasture" both in its text but further
    // apart than the needle's length: found by neither (with a limit of none, a prompt found would give way
    // to the whole needle), where their AND finds both.
    const apart = { windows: ['yak', 'zebra'], candidateLimit: 0 };
    expect(windowsMatch('yak zebra', apart.windows)).toBe('NEAR("yak" "zebra", 9)');
    expect((await windowMatches(database.db, 'yak zebra', apart, 100))?.ids).toEqual([]);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM prompts_fts WHERE prompts_fts MATCH '"yak" AND "zebra"'`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(2);
    expect(await scanned('yak')).toHaveLength(2);
  });

  it("looks each of the part's prompts up by its key, never scanning the prompts", async () => {
    for (const windows of [['zebra'], ['questions', 'zebra']]) {
      const query = windowMatchesQuery('questions zebra', { windows, candidateLimit: 10 }, 100).compile(database.db);
      const { rows } = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = rows.map((row) => row.detail);
      expect(details, windowsMatch('questions zebra', windows)).toContain('SEARCH prompts USING INTEGER PRIMARY KEY (rowid=?)');
      expect(details, windowsMatch('questions zebra', windows)).not.toContain('SCAN prompts');
    }
  });
});

/**
 * The plans on a real library: the bundled sample prompts, searched for the
 * bench's kind of needle (two or three consecutive words of a title), give
 * what a scan gives, through one window, two, and more.
 */
describe('the plans on the sample library, on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSampleData(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('finds what a scan finds for words of every title', async () => {
    const needles = new Set((await titleWordRuns(database.db)).map((run) => run.needle));
    const windowsUsed = new Map<number, number>();
    for (const needle of needles) {
      const plan = await planWindow(database.db, needle);
      const windows = plan?.windows.length ?? 0;
      windowsUsed.set(windows, (windowsUsed.get(windows) ?? 0) + 1);
      const scanned = await scannedRowids(database.db, needle);
      const found = plan && (await windowMatches(database.db, needle, plan, 10_000))?.ids;
      if (found) expect(found, needle).toEqual(scanned);
      const { list } = await findMatches(database.db, 'sqlite', needle, 10_000);
      expect(
        [...(list?.matches ?? [])].sort((a, b) => Number(a) - Number(b)),
        needle,
      ).toEqual(scanned);
    }
    // Not vacuous: needles read whole, through one window, two, and more.
    expect(windowsUsed.get(0)).toBeGreaterThan(0);
    expect(windowsUsed.get(1)).toBeGreaterThan(0);
    expect(windowsUsed.get(2)).toBeGreaterThan(0);
    expect([...windowsUsed].filter(([windows]) => windows >= 3).length).toBeGreaterThan(0);
  }, 120_000);
});
