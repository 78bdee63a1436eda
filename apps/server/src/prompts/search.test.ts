import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPromptStatus } from '../moderation/repository';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, listTotal } from '../testing/test-app';
import { anyVisibleMatch, countPrompts, findMatches, hiddenMatchCount, listPrompts, matchCountReach } from './read-repository';
import type { SearchStrategy } from './search';
import { wordIndexServes } from './word-search';

// Search runs on a trigram index for 3+ characters and on a scan below that
// (and a page of a common needle scans too, see search.ts); on PostgreSQL a
// word of ASCII letters and digits, of any length, runs on the word index
// (word-search.ts). Every path must
// give the spec's answer: a case-insensitive substring of the title or the
// text, every character taken literally.
const rows = [
  { title: 'Crème Brûlée Guide', prompt: 'Write a recipe for a CAFÉ menu.', category: 'Cooking', model: 'GPT-4o' },
  { title: 'Über Planner', prompt: 'Plan a trip: 日本語 phrases included.', category: 'Travel', model: 'o3' },
  { title: 'Discount Math', prompt: 'Take 5% off, then use snake_case names.', category: 'Coding', model: 'o3' },
  { title: 'Quote Finder', prompt: 'Find quotes like "carpe diem" AND NEAR(this) *star*.', category: 'Writing', model: 'GPT-4o' },
  { title: 'Alpha', prompt: 'Beta gamma.', category: 'Writing', model: 'GPT-4o' },
];

describe.each(TEST_DIALECTS)('search on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    for (const row of rows) {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: row });
      expect(response.statusCode).toBe(201);
    }
  });
  afterEach(async () => {
    await t.close();
  });

  async function search(q: string): Promise<string[]> {
    const url = `/api/prompts?q=${encodeURIComponent(q)}&limit=48`;
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    const titles = (response.json() as Prompt[]).map((prompt) => prompt.title).sort();
    expect(await listTotal(t.app, url, response.headers)).toBe(String(titles.length));
    return titles;
  }

  it('finds one- and two-character needles, in any case', async () => {
    expect(await search('q')).toEqual(['Quote Finder']);
    expect(await search('MA')).toEqual(['Alpha', 'Discount Math']);
    expect(await search('zz')).toEqual([]);
  });

  it('folds the case of non-ASCII letters, short or long', async () => {
    expect(await search('BRÛLÉE')).toEqual(['Crème Brûlée Guide']);
    expect(await search('café')).toEqual(['Crème Brûlée Guide']);
    expect(await search('é')).toEqual(['Crème Brûlée Guide']);
    expect(await search('üb')).toEqual(['Über Planner']);
    // Accents are letters of their own, as in a plain substring match.
    expect(await search('creme')).toEqual([]);
  });

  it('matches text in any script', async () => {
    expect(await search('日本語')).toEqual(['Über Planner']);
    expect(await search('本')).toEqual(['Über Planner']);
  });

  it('takes %, _, quotes and query syntax literally', async () => {
    expect(await search('%')).toEqual(['Discount Math']);
    expect(await search('_')).toEqual(['Discount Math']);
    expect(await search('5%')).toEqual(['Discount Math']);
    expect(await search('e_c')).toEqual(['Discount Math']);
    expect(await search('e%c')).toEqual([]);
    expect(await search('"carpe diem"')).toEqual(['Quote Finder']);
    expect(await search('AND NEAR(')).toEqual(['Quote Finder']);
    expect(await search('*star*')).toEqual(['Quote Finder']);
    expect(await search('"')).toEqual(['Quote Finder']);
  });

  it('matches within the title or within the text, never across them', async () => {
    expect(await search('pha')).toEqual(['Alpha']);
    expect(await search('gamma')).toEqual(['Alpha']);
    expect(await search('alphabeta')).toEqual([]);
  });

  it('finds a prompt shared after the others', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Late Arrival', prompt: 'Zebra crossing.', category: 'Writing', model: 'o3' },
    });
    expect(await search('zebra')).toEqual(['Late Arrival']);
    expect(await search('ze')).toEqual(['Late Arrival']);
  });

  it('leaves hidden prompts out of the results and the total, short needle or long', async () => {
    const ids: string[] = [];
    for (const title of ['Zebra one', 'Zebra two', 'Zebra ÄÖ three']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...rows[4], title } });
      ids.push(response.json<{ _id: string }>()._id);
    }
    // As moderation hides them: the short needles' totals are kept with that write (decision 0015).
    for (const id of [ids[1], ids[2]]) expect(await setPromptStatus(t.database.db, id as string, 'hidden')).toBe(true);
    expect(await search('zebra')).toEqual(['Zebra one']);
    expect(await search('ZEB')).toEqual(['Zebra one']);
    expect(await search('ze')).toEqual(['Zebra one']);
    expect(await search('äö')).toEqual([]);
    expect(await search('ÄÖ thr')).toEqual([]);
  });

  it('finds the same pages through the trigram index and through a scan', async () => {
    const needles = [
      'BRÛLÉE',
      'café',
      'é',
      'üb',
      'creme',
      '日本語',
      '本',
      '%',
      '_',
      'e_c',
      'e%c',
      '"carpe diem"',
      'AND NEAR(',
      '*star*',
      '"',
      'pha',
      'alphabeta',
      'MA',
      'a',
      // Phrases, which PostgreSQL finds through their words (firstMatchesByPhraseWords).
      'a recipe',
      'recipe for a',
      'RECIPE FOR A CAF',
      'snake_case names',
      'take 5% off',
      'off, then',
      'alpha beta',
      'Beta gamma',
      'trip: 日本',
      // The hidden prompt's own phrase, counted through its word pairs: the hidden match must be taken off.
      'plan a trip',
    ];
    const { db } = t.database;
    // A hidden match must stay out of every plan's page and total. Hidden as moderation hides it, which also
    // takes it out of the counts kept with the writes (a total may come from them).
    const hidden = await db.selectFrom('prompts').select('id').where('title', '=', 'Über Planner').executeTakeFirstOrThrow();
    expect(await setPromptStatus(db, hidden.id, 'hidden')).toBe(true);
    const page = async (q: string, sort: 'newest' | 'likes_desc' | 'relevance', searchStrategy: SearchStrategy) =>
      (await listPrompts(db, dialect, { q }, { sort, limit: 3, searchStrategy }, undefined)).map((row) => row.title);
    let matchListsRead = 0;
    const countable: string[] = [];
    const counted = new Set<string>();
    for (const q of needles) {
      const strategies: SearchStrategy[] = ['index'];
      const { list } = await findMatches(db, dialect, q, 100);
      if (list) {
        // Looked up match by match, and walked in the page's order (MatchList.walkOrder).
        strategies.push(list, { ...list, walkOrder: true });
        matchListsRead += 1;
      }
      const total = await countPrompts(db, dialect, { q }, 'scan');
      // With too small a limit for a list, the statement that found it common counts it (MATCH_COUNT_REACH):
      // every needle but a word on PostgreSQL (its total is kept), found in 1-5 prompts, for one limit at least
      // (limit <= matches < 1.5 x limit).
      const hidden = await hiddenMatchCount(db, dialect, q);
      if ([...q].length >= 3 && !wordIndexServes(dialect, q) && total + hidden > 0) countable.push(q);
      for (const limit of [1, 2, 3, 4]) {
        const { matchCount } = await findMatches(db, dialect, q, limit, matchCountReach(limit));
        if (matchCount === undefined) continue;
        expect(matchCount - hidden, `total of ${q} counted past ${limit}`).toBe(total);
        counted.add(q);
      }
      for (const strategy of strategies) {
        const plan = typeof strategy === 'string' ? strategy : strategy.walkOrder ? 'walked match list' : 'match list';
        expect(await countPrompts(db, dialect, { q }, strategy), `total of ${q} by ${plan}`).toBe(total);
        for (const sort of ['newest', 'likes_desc', 'relevance'] as const) {
          expect(await page(q, sort, strategy), `${q} by ${sort}, ${plan}`).toEqual(await page(q, sort, 'scan'));
        }
      }
    }
    // Not vacuous: every needle long enough for the index had a match list, the
    // needles find something, the limit cuts a page short, and the hidden prompt was findable.
    // (PostgreSQL's word index also lists the short needles of ASCII letters: "MA", "a".)
    expect(matchListsRead).toBe(needles.filter((q) => [...q].length >= 3 || wordIndexServes(dialect, q)).length);
    expect([...counted]).toEqual(countable);
    expect(countable).toContain('plan a trip');
    expect(await page('a', 'newest', 'index')).toHaveLength(3);
    expect(await page('é', 'newest', 'scan')).toEqual(['Crème Brûlée Guide']);
    expect((await findMatches(db, dialect, '日本語', 100)).list?.matches).toHaveLength(1);
    expect(await countPrompts(db, dialect, { q: '日本語' }, 'scan')).toBe(0);
  });

  it('tells whether a search finds a visible prompt from a sample of its index matches, or from the kept word counts', async () => {
    const { db } = t.database;
    // Hidden as moderation hides it, which also takes it out of the kept word counts PostgreSQL's words answer from.
    const hidden = await db.selectFrom('prompts').select('id').where('title', '=', 'Über Planner').executeTakeFirstOrThrow();
    expect(await setPromptStatus(db, hidden.id, 'hidden')).toBe(true);
    expect(await anyVisibleMatch(db, dialect, 'recipe')).toBe(true);
    expect(await anyVisibleMatch(db, dialect, 'RECIPE')).toBe(true);
    // Found only in a hidden prompt, and the sample holds every match: nothing.
    expect(await anyVisibleMatch(db, dialect, 'planner')).toBe(false);
    expect(await anyVisibleMatch(db, dialect, 'zebra')).toBe(false);
    // Too short for the trigram index, and (with its space) not a word: the caller counts instead.
    expect(await anyVisibleMatch(db, dialect, 'r ')).toBeUndefined();
    // A short word: PostgreSQL's word counts answer it (only the hidden planner holds "pl"); SQLite counts.
    expect(await anyVisibleMatch(db, dialect, 'pl')).toBe(dialect === 'postgres' ? false : undefined);
  });

  it('reads a match list only while the matches stay under the limit, and counts them on to 1.5 times it', async () => {
    const { db } = t.database;
    // 'a' is too short for the trigram index, and a word PostgreSQL's word index lists; ' a ' (spaces around) is in two texts.
    const holdingA = rows.filter((row) => `${row.title} ${row.prompt}`.toLowerCase().includes('a')).length;
    if (dialect === 'postgres') expect((await findMatches(db, dialect, 'a', 100)).list?.matches).toHaveLength(holdingA);
    else expect(await findMatches(db, dialect, 'a', 100)).toEqual({});
    expect((await findMatches(db, dialect, ' a ', 100)).list?.matches).toHaveLength(2);
    expect((await findMatches(db, dialect, ' a ', 3)).list?.matches).toHaveLength(2);
    // No list, but counted when asked to count on: fewer than MATCH_COUNT_REACH (1.5) times the limit, rounded up.
    expect(await findMatches(db, dialect, ' a ', 2, matchCountReach(2))).toEqual({ matchCount: 2 });
    expect(await findMatches(db, dialect, ' a ', 2)).toEqual({});
    expect(await findMatches(db, dialect, ' a ', 1, matchCountReach(1))).toEqual({});
    expect(await findMatches(db, dialect, ' a ', 0)).toEqual({});
    expect((await findMatches(db, dialect, 'no such text', 100)).list?.matches).toEqual([]);
  });
});
