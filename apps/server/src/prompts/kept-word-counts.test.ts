import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWordCountMismatches } from '../fuzz/invariants';
import { JSON_HEADERS, type TestApp, createTestApp } from '../testing/test-app';
import { FEW_OTHER_WORDS_PROMPTS, OTHER_WORDS_MAX_PROMPTS, keptWordCount, keptWordCountReadingFew, keptWordFound } from './word-search';

/**
 * PostgreSQL: a word search's total from the kept word counts
 * (search_word_counts, migration 0017, decision 0016) equals the spec's
 * search, a case-insensitive substring of a visible prompt's title or text,
 * whatever words contain the needle, through hides, unhides and refusals.
 */

const ADMIN_TOKEN = 'kept-word-counts-admin-token-0123456789';

/** Titles and texts where a needle lies inside several words ("about" in "whereabouts"), in other scripts' neighbourhood, and in case lower() changes. */
const CORPUS: [string, string][] = [
  ['About the moon', 'Tell me about tides.'],
  ['Whereabouts log', 'Track the whereabouts of parcels.'],
  ['ABOUTNESS essay', 'On aboutness, without the word alone.'],
  ['Roundabout route', 'Plan a route about town with a roundabout.'],
  ['Café about', 'naïve notes about coffee'],
  ['\u212Aelvin table', 'Kelvin and kilns'],
  ['Nothing here', 'Only tides and parcels.'],
];

const NEEDLES = [
  'about',
  'ABOUT',
  'bout',
  'abou',
  'whereabouts',
  'aboutness',
  'roundabout',
  'tides',
  'kelvin',
  'elvin',
  'k',
  'ki',
  'out',
  'zzz',
];

describe.skipIf(!process.env.TEST_DATABASE_URL)('totals from the kept word counts on postgres', () => {
  let t: TestApp;
  const ids: string[] = [];

  const total = async (needle: string) => {
    const response = await t.app.inject({ url: `/api/prompts/count?q=${encodeURIComponent(needle)}` });
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };
  /** The spec's search over the visible prompts, as a scan with the database's own case-insensitive comparison. */
  const scanned = async (needle: string) => {
    const pattern = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM prompts
      WHERE status = 'visible' AND (title ILIKE ${pattern} OR prompt ILIKE ${pattern})`.execute(t.database.db);
    return Number(rows[0]?.n);
  };
  const moderate = (id: string, action: 'hide' | 'unhide') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/prompts/${id}/${action}`,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  beforeAll(async () => {
    t = await createTestApp('postgres', { ADMIN_TOKEN });
    for (const [title, prompt] of CORPUS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title, prompt, category: 'Writing', model: 'o3' },
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json()._id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every word needle from the kept counts, as a scan counts it', async () => {
    for (const needle of NEEDLES) {
      expect(await keptWordCount(t.database.db, needle), needle).toBe(await scanned(needle));
      expect(await total(needle), needle).toBe(await scanned(needle));
    }
    // Five prompts hold "about", inside four words: "about", "whereabouts", "aboutness", "roundabout".
    expect(await total('about')).toBe(5);
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });

  it('tells whether a visible prompt holds a word from the kept counts, as a scan does, through hides', async () => {
    const found = async () => {
      const answers = [];
      for (const needle of NEEDLES) {
        const answer = await keptWordFound(t.database.db, needle);
        expect(answer, needle).toBe((await scanned(needle)) > 0);
        answers.push(answer);
      }
      return answers;
    };
    expect((await found()).filter(Boolean)).toHaveLength(NEEDLES.length - 1);
    const [, whereabouts] = ids as [string, string];
    expect((await moderate(whereabouts, 'hide')).statusCode).toBe(200);
    try {
      // Only the hidden prompt holds "whereabouts"; "about" is still in four visible ones.
      expect(await keptWordFound(t.database.db, 'whereabouts')).toBe(false);
      expect(await keptWordFound(t.database.db, 'about')).toBe(true);
      await found();
    } finally {
      expect((await moderate(whereabouts, 'unhide')).statusCode).toBe(200);
    }
  });

  it('stays exact as prompts are hidden and shown again, and as a duplicate is refused', async () => {
    const [about, whereabouts] = ids as [string, string];
    expect((await moderate(whereabouts, 'hide')).statusCode).toBe(200);
    expect((await moderate(about, 'hide')).statusCode).toBe(200);
    expect(await total('about')).toBe(3);
    expect(await total('whereabouts')).toBe(0);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: CORPUS[2]?.[0], prompt: CORPUS[2]?.[1], category: 'Writing', model: 'o3' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
    expect((await moderate(whereabouts, 'unhide')).statusCode).toBe(200);
    for (const needle of NEEDLES) expect(await total(needle), needle).toBe(await scanned(needle));
    expect((await moderate(about, 'unhide')).statusCode).toBe(200);
    expect(await total('about')).toBe(5);
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });

  it('leaves a needle to the index when its other words hold too many prompts to test', async () => {
    // Two of the words containing "about" now said to be in more prompts than the count tests: whichever is the
    // commonest, the other is more than it reads.
    await sql`UPDATE search_word_counts SET prompts = ${OTHER_WORDS_MAX_PROMPTS + 1} WHERE word IN ('whereabouts', 'aboutness')`.execute(
      t.database.db,
    );
    try {
      expect(await keptWordCount(t.database.db, 'about')).toBeUndefined();
      expect(await total('about')).toBe(await scanned('about'));
      // A needle no other word holds still reads its row.
      expect(await keptWordCount(t.database.db, 'tides')).toBe(2);
    } finally {
      await sql`UPDATE search_word_counts SET prompts = 1 WHERE word IN ('whereabouts', 'aboutness')`.execute(t.database.db);
    }
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });

  it('reads the other words when the commonest holds more prompts than they do, however many', async () => {
    // Said to be in 5,000 prompts, so 3,000 more for "whereabouts" are worth reading: the kept count plus the
    // two prompts whose only "about" is inside another word ("whereabouts", "aboutness"; "roundabout" has both).
    await sql`UPDATE search_word_counts SET prompts = CASE word WHEN 'about' THEN 5000 ELSE 3000 END
      WHERE word IN ('about', 'whereabouts')`.execute(t.database.db);
    try {
      expect(await keptWordCount(t.database.db, 'about')).toBe(5002);
    } finally {
      await sql`UPDATE search_word_counts SET prompts = CASE word WHEN 'about' THEN 3 ELSE 1 END WHERE word IN ('about', 'whereabouts')`.execute(
        t.database.db,
      );
    }
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });

  it('answers as keptWordCount when it reads few prompts, and not past FEW_OTHER_WORDS_PROMPTS', async () => {
    for (const needle of NEEDLES)
      expect(await keptWordCountReadingFew(t.database.db, needle), needle).toBe(await keptWordCount(t.database.db, needle));
    // "about" said to be in 5,000 prompts; its other words, "whereabouts" with the one prompt each of "aboutness"
    // and "roundabout", in the bound's worth, then one more: keptWordCount reads them either way.
    const otherWords = (whereabouts: number) =>
      sql`UPDATE search_word_counts SET prompts = CASE word WHEN 'about' THEN 5000 ELSE ${whereabouts}::integer END
        WHERE word IN ('about', 'whereabouts')`.execute(t.database.db);
    try {
      // The kept 5,000, plus the two prompts whose only "about" is inside another word ("whereabouts", "aboutness").
      await otherWords(FEW_OTHER_WORDS_PROMPTS - 2);
      expect(await keptWordCountReadingFew(t.database.db, 'about')).toBe(5000 + 2);
      await otherWords(FEW_OTHER_WORDS_PROMPTS - 1);
      expect(await keptWordCountReadingFew(t.database.db, 'about')).toBeUndefined();
      expect(await keptWordCount(t.database.db, 'about')).toBe(5000 + 2);
    } finally {
      await sql`UPDATE search_word_counts SET prompts = CASE word WHEN 'about' THEN 3 ELSE 1 END WHERE word IN ('about', 'whereabouts')`.execute(
        t.database.db,
      );
    }
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });

  it('answers from the commonest word alone when every visible prompt holds it', async () => {
    const visible = CORPUS.length;
    try {
      // "about" said to be in every visible prompt: that is the total, whatever the other words hold.
      await sql`UPDATE search_word_counts SET prompts = ${visible} WHERE word = 'about'`.execute(t.database.db);
      expect(await keptWordCount(t.database.db, 'about')).toBe(visible);
      // One prompt fewer: the two prompts with "about" only inside another word are added.
      await sql`UPDATE search_word_counts SET prompts = ${visible - 1} WHERE word = 'about'`.execute(t.database.db);
      expect(await keptWordCount(t.database.db, 'about')).toBe(visible - 1 + 2);
    } finally {
      await sql`UPDATE search_word_counts SET prompts = 3 WHERE word = 'about'`.execute(t.database.db);
    }
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });
});
