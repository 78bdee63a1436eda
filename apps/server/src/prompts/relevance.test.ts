import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/connect';
import { sql } from 'kysely';
import { containsAsWholeWord } from '../db/sqlite-functions';
import { recountSummaries } from '../db/summaries';
import { cursorAfter, listPrompts, sortedPageQuery } from './read-repository';
import { sqliteQueryPlan } from '../testing/query-plan';
import {
  type TitleMatches,
  readTitleMatches,
  relevanceTierCondition,
  titleMatchQuery,
  wholeWordTitleMatchQuery,
  withWalkOrder,
  withWordTrigrams,
} from './relevance';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, listTotal } from '../testing/test-app';

/**
 * The best-match order (relevance.ts): title before text, a whole word
 * before part of one, then likes, then id; on both databases alike.
 */
const corpus = [
  { title: 'Salary Negotiation Script', prompt: 'Draft the email I send before the call, firm but warm.', likes: 90 },
  { title: 'Newsletter Writer', prompt: 'Plan a newsletter for subscribers of an emailing list.', likes: 120 },
  { title: 'Emails That Convert', prompt: 'Write five short sales messages.', likes: 40 },
  { title: 'Cold Email Opener', prompt: 'Open a cold outreach message in two lines.', likes: 7 },
  { title: 'Email Subject Lines', prompt: 'Ten subject lines for a product launch.', likes: 3 },
  { title: 'Follow-up (email)', prompt: 'A polite nudge after a week of silence.', likes: 7 },
  { title: 'Meeting Recap', prompt: 'Summarise the call; E-MAIL it to everyone, by email.', likes: 60 },
  { title: 'Café Menu Writer', prompt: 'Describe each dish on the menu.', likes: 1 },
  { title: 'Cafés of Lisbon', prompt: 'A walking tour of the best café terraces.', likes: 30 },
  { title: 'Unrelated Planner', prompt: 'Plan the week ahead.', likes: 500 },
];

/** `untied`: no two prompts share a like count, so the order never falls back to ids, which differ between databases. */
async function seed(t: TestApp, untied = false): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, row] of corpus.entries()) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: row.title, prompt: row.prompt, category: 'Writing', model: 'o3' },
    });
    expect(response.statusCode).toBe(201);
    const id = (response.json() as Prompt)._id;
    ids.set(row.title, id);
    // The counters as a fixture: many visitors' likes, set directly.
    const likes = untied ? row.likes * corpus.length + index : row.likes;
    await t.database.db.updateTable('prompts').set({ like_count: likes }).where('id', '=', id).execute();
  }
  return ids;
}

async function bestMatches(t: TestApp, q: string, limit = 48, extra = ''): Promise<{ titles: string[]; total: string | undefined }> {
  const url = `/api/prompts?q=${encodeURIComponent(q)}&sort=relevance&limit=${limit}${extra}`;
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return { titles: (response.json() as Prompt[]).map((prompt) => prompt.title), total: await listTotal(t.app, url, response.headers) };
}

describe.each(TEST_DIALECTS)('sort=relevance on %s', (dialect) => {
  let t: TestApp;
  let ids: Map<string, string>;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    ids = await seed(t);
  });
  afterEach(async () => {
    await t.close();
  });

  it('puts a whole word in the title first, then part of a title word, then the text, whole word before part', async () => {
    const { titles, total } = await bestMatches(t, 'email');
    // Tier 0 (title, whole word) by likes, the tie between the two 7s by the newer id.
    const followUpFirst = (ids.get('Follow-up (email)') ?? '') > (ids.get('Cold Email Opener') ?? '');
    const tiedPair = followUpFirst ? ['Follow-up (email)', 'Cold Email Opener'] : ['Cold Email Opener', 'Follow-up (email)'];
    expect(titles).toEqual([
      ...tiedPair,
      'Email Subject Lines',
      'Emails That Convert',
      'Salary Negotiation Script',
      'Meeting Recap',
      'Newsletter Writer',
    ]);
    expect(total).toBe('7');
    // Sorted by likes the same search starts with the body-only matches: the order the issue found wrong.
    const byLikes = await t.app.inject({ url: '/api/prompts?q=email&sort=likes_desc&limit=2' });
    expect((byLikes.json() as Prompt[]).map((prompt) => prompt.title)).toEqual(['Newsletter Writer', 'Salary Negotiation Script']);
  });

  it('pages through every match exactly once, in the same order, with the same total', async () => {
    const whole = (await bestMatches(t, 'e')).titles;
    expect(whole.length).toBeGreaterThan(5);
    const paged: string[] = [];
    let url: string | undefined = '/api/prompts?q=e&sort=relevance&limit=2';
    for (let page = 0; url && page < 20; page += 1) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(await listTotal(t.app, url, response.headers)).toBe(String(whole.length));
      paged.push(...(response.json() as Prompt[]).map((prompt) => prompt.title));
      const link = response.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
    }
    expect(paged).toEqual(whole);
    // The unpaged list has the same order.
    const unpaged = await t.app.inject({ url: '/api/prompts?q=e&sort=relevance' });
    expect((unpaged.json() as Prompt[]).map((prompt) => prompt.title)).toEqual(whole);
  });

  it('ranks words in any script, and takes punctuation around a word as a boundary', async () => {
    expect((await bestMatches(t, 'CAFÉ')).titles).toEqual(['Café Menu Writer', 'Cafés of Lisbon']);
    expect((await bestMatches(t, 'e-mail')).titles).toEqual(['Meeting Recap']);
  });

  it('ranks a prompt shared after the title matches were read (they are kept until the catalog changes)', async () => {
    expect((await bestMatches(t, 'email')).titles[0]).not.toBe('Email Zero');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Email Zero', prompt: 'Reach inbox zero in a week.', category: 'Writing', model: 'o3' },
    });
    expect(response.statusCode).toBe(201);
    await t.database.db.updateTable('prompts').set({ like_count: 1000 }).where('title', '=', 'Email Zero').execute();
    // A like empties the cached pages, not the title matches: they must have gone with the new prompt.
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${(response.json() as Prompt)._id}/like`,
      headers: { 'user-id': 'user_titlecache01' },
      payload: { liked: true },
    });
    expect(liked.statusCode).toBe(200);
    expect((await bestMatches(t, 'email')).titles[0]).toBe('Email Zero');
  });

  it('combines with the other filters and leaves hidden prompts out', async () => {
    await t.database.db.updateTable('prompts').set({ status: 'hidden' }).where('title', '=', 'Cold Email Opener').execute();
    const { titles, total } = await bestMatches(t, 'email', 48, `&category=Writing`);
    expect(titles[0]).toBe('Follow-up (email)');
    expect(titles).not.toContain('Cold Email Opener');
    expect(total).toBe('6');
    expect((await bestMatches(t, 'email', 48, '&category=Cooking')).titles).toEqual([]);
  });

  it('is refused without a search text, and with a cursor of another order', async () => {
    for (const url of ['/api/prompts?sort=relevance', '/api/prompts?sort=relevance&limit=5&q=%20%20']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { sort: expect.stringContaining('search') } });
    }
    const byLikes = await t.app.inject({ url: '/api/prompts?q=e&sort=likes_desc&limit=1' });
    const foreign = /cursor=([^&>]+)/.exec(byLikes.headers.link as string)?.[1];
    expect(foreign).toBeDefined();
    const response = await t.app.inject({ url: `/api/prompts?q=e&sort=relevance&limit=1&cursor=${foreign}` });
    expect(response.statusCode).toBe(400);
    // A cursor naming a tier the order does not have.
    const forged = Buffer.from(JSON.stringify(['relevance', 3, 'x', 9])).toString('base64url');
    expect((await t.app.inject({ url: `/api/prompts?q=e&sort=relevance&limit=1&cursor=${forged}` })).statusCode).toBe(400);
  });
});

describe.each(TEST_DIALECTS)('the best-match tiers on %s', (dialect) => {
  it('give the same pages whatever the listing read of the titles beforehand', async () => {
    const t = await createTestApp(dialect);
    try {
      await seed(t, true);
      const { db } = t.database;
      // The keys a match list holds: rowids on SQLite, ids on PostgreSQL (search.ts).
      const titles = await sql<{
        key: number | string;
        title: string;
      }>`SELECT ${sql.raw(dialect === 'sqlite' ? 'rowid' : 'id')} AS key, title FROM prompts`.execute(db);
      let pagesCompared = 0;
      for (const q of ['email', 'e', 'café', 'mail', 'the', 'pl', '(email)', 'writer']) {
        const lower = q.toLowerCase();
        const inTitle = titles.rows.filter((row) => row.title.toLowerCase().includes(lower));
        const wholeWord = inTitle.filter((row) => containsAsWholeWord(row.title, lower));
        const variants: TitleMatches[] = [
          {},
          { all: { matches: inTitle.map((row) => row.key) } },
          { wholeWord: { matches: wholeWord.map((row) => row.key) } },
          // Each list walked in the likes order (among 1 candidate every list is long enough), and looked up.
          withWalkOrder(dialect, await readTitleMatches(db, dialect, q, { all: 100, wholeWord: 100 }), 1),
          withWalkOrder(dialect, await readTitleMatches(db, dialect, q, { all: 100, wholeWord: 100 }), Number.MAX_SAFE_INTEGER),
          withWalkOrder(dialect, await readTitleMatches(db, dialect, q, { all: 0, wholeWord: 100 }), 1),
          withWalkOrder(dialect, await readTitleMatches(db, dialect, q, { all: 0, wholeWord: 100 }), Number.MAX_SAFE_INTEGER),
        ];
        const pages = [];
        for (const titleMatches of variants) {
          const rows = await listPrompts(db, dialect, { q }, { sort: 'relevance', limit: 3, titleMatches }, undefined);
          // Each tier asks for the page's size; the page keeps no more than it, across tiers too ("email": 3 + 1 + 2).
          const longer = await listPrompts(db, dialect, { q }, { sort: 'relevance', limit: 5, titleMatches }, undefined);
          expect(longer.map((row) => row.title).slice(0, 3), q).toEqual(rows.map((row) => row.title));
          expect(longer.length, q).toBeLessThanOrEqual(5);
          const next = rows.at(-1);
          const after = next ? cursorAfter('relevance', next) : undefined;
          const second = after
            ? await listPrompts(db, dialect, { q }, { sort: 'relevance', limit: 3, after, titleMatches }, undefined)
            : [];
          pages.push([...rows, ...second].map((row) => row.title));
        }
        for (const page of pages.slice(1)) expect(page, q).toEqual(pages[0]);
        if ((pages[0]?.length ?? 0) > 3) pagesCompared += 1;
      }
      expect(pagesCompared).toBeGreaterThan(2);
    } finally {
      await t.close();
    }
  });

  it('reads the whole-word title matches of short words, words beside underscores and phrases exactly', async () => {
    const t = await createTestApp(dialect);
    try {
      const titles = ['AB testing plan', 'my_ab notes', 'Tab and Slab', 'Ab: the basics', 'The (ab) muscles', 'Abab dance'];
      // Marks, letters outside ASCII and symbols beside the word, which SQLite's word index (migration 0014) splits or joins.
      const unusual = [
        'Ascii or other?',
        'Ab\u0301 accent after',
        'Àb and ab̀',
        'Éab, Ñab',
        'c++ code, C# too',
        'E-mail and e mail',
        'ab\u{1D400} bold',
      ];
      for (const title of [...titles, ...unusual, 'x-ab-y in Plan_B', 'A Plan, written', 'Planner 2ab', 'Write a plan', 'Write, a plan']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/prompts',
          payload: { title, prompt: `A prompt for ${title}.`, category: 'Writing', model: 'o3' },
        });
        expect(response.statusCode).toBe(201);
      }
      const { db } = t.database;
      const keyColumn = sql.raw(dialect === 'sqlite' ? 'rowid' : 'id');
      const rows = (await sql<{ key: number | string; title: string }>`SELECT ${keyColumn} AS key, title FROM prompts`.execute(db)).rows;
      let found = 0;
      // "ascii" and "other" are also the word index's marks of each title's characters: never a title word.
      for (const q of ['ab', 'AB', 'plan', 'b', 'write a', '2ab', 'c++', 'c#', 'e-mail', 'e mail', '(ab)', 'àb', 'éab', 'ascii', 'other']) {
        const expected = rows.filter((row) => containsAsWholeWord(row.title.toLowerCase(), q.toLowerCase())).map((row) => String(row.key));
        // As the listing reads them (all: 0 skips the list of every title match).
        const { wholeWord } = await readTitleMatches(db, dialect, q, { all: 0, wholeWord: 100 });
        const read = (wholeWord?.matches ?? []).map(String);
        expect(read.sort(), q).toEqual(expected.sort());
        found += expected.length;
      }
      expect(found).toBeGreaterThan(8);
      // More whole-word matches, or on SQLite candidates, than a list holds: no list, and the tiers test each title.
      expect((await readTitleMatches(db, dialect, 'ab', { all: 0, wholeWord: 2 })).wholeWord).toBeUndefined();
      if (dialect === 'sqlite') {
        // SQLite decides that from the word index's candidates alone: "Éab" is one for "eab" (accents folded), not a match.
        expect((await readTitleMatches(db, dialect, 'eab', { all: 0, wholeWord: 2 })).wholeWord).toEqual({ matches: [] });
        expect((await readTitleMatches(db, dialect, 'eab', { all: 0, wholeWord: 1 })).wholeWord).toBeUndefined();
        // As many candidates as a list holds: neither list is read, not even the list of every title match.
        expect(await readTitleMatches(db, dialect, 'eab', { all: 100, wholeWord: 1 })).toEqual({});
        expect((await readTitleMatches(db, dialect, 'eab', { all: 100, wholeWord: 2 })).all).toBeDefined();
      }
      if (dialect === 'postgres') {
        // PostgreSQL decides it from the titles search_words counted each word in (migration 0015): none for a
        // word added since the last count, which reads the lists; after a recount, as many as a list holds
        // reads neither list. The count splits titles as the word index does, at all but a-z and 0-9.
        const abTitles = rows.filter((row) =>
          row.title
            .toLowerCase()
            .split(/[^0-9a-z]+/)
            .includes('ab'),
        ).length;
        expect(abTitles).toBeGreaterThan(5);
        expect((await readTitleMatches(db, dialect, 'ab', { all: 100, wholeWord: abTitles })).all).toBeDefined();
        await recountSummaries(db);
        expect(await readTitleMatches(db, dialect, 'ab', { all: 100, wholeWord: abTitles })).toEqual({});
        expect((await readTitleMatches(db, dialect, 'ab', { all: 100, wholeWord: abTitles + 1 })).all).toBeDefined();
        // The "<<%" read finds a word by all of its trigrams only with this setting, and only for that read.
        const threshold = async (reader: typeof db) => {
          const setting = sql<{ value: string | null }>`SELECT current_setting('pg_trgm.strict_word_similarity_threshold', true) AS value`;
          return Number((await setting.execute(reader)).rows[0]?.value ?? 0.5);
        };
        expect(await withWordTrigrams(db, threshold)).toBe(1);
        expect(await threshold(db)).toBe(0.5);
      }
    } finally {
      await t.close();
    }
  });

  it.runIf(dialect === 'sqlite')(
    'finds whole-word title matches on SQLite from the word index, and short or non-ASCII ones by scanning the title index',
    async () => {
      const t = await createTestApp(dialect);
      try {
        const { db } = t.database;
        for (const query of [wholeWordTitleMatchQuery('sqlite', 'café', 100), titleMatchQuery('sqlite', 'ab', 100)]) {
          expect(await sqliteQueryPlan(db, query.compile(db))).toContain('COVERING INDEX prompts_title_idx');
        }
        for (const needle of ['ab', 'write a', 'c++']) {
          const plan = await sqliteQueryPlan(db, wholeWordTitleMatchQuery('sqlite', needle, 100).compile(db));
          expect(plan, needle).toContain('VIRTUAL TABLE INDEX');
          expect(plan, needle).toContain('prompt_title_words');
          expect(plan, needle).not.toContain('prompts_title_idx');
        }
      } finally {
        await t.close();
      }
    },
  );

  it.runIf(dialect === 'sqlite')('walks the likes order for a long tier list on SQLite', async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.database;
      const query = (walkOrder: boolean) => {
        const titleMatches: TitleMatches = { all: { matches: [1, 2], walkOrder } };
        return sortedPageQuery(db, dialect, {}, { sort: 'relevance', limit: 49 }, undefined, (eb) =>
          relevanceTierCondition(dialect, eb, 'mail', 0, titleMatches),
        );
      };
      // The unary + keeps SQLite off the rowid lookups and on the likes order's index. (Without statistics, as
      // here, SQLite walks either way; the bench's analysed library started from the list and sorted it.)
      const walked = await sqliteQueryPlan(db, query(true));
      expect(walked).toContain('prompts_likes_idx');
      expect(walked).not.toContain('TEMP B-TREE FOR ORDER BY');
      expect(query(true).compile().sql).toContain('+prompts.rowid IN');
      expect(query(false).compile().sql).not.toContain('+prompts.rowid');
    } finally {
      await t.close();
    }
  });
});

describe('the best-match order is the same on every database', () => {
  it.runIf(TEST_DIALECTS.length > 1)('orders one corpus identically on SQLite and PostgreSQL', async () => {
    const orders = new Map<Dialect, string[][]>();
    for (const dialect of TEST_DIALECTS) {
      const t = await createTestApp(dialect);
      try {
        await seed(t, true);
        const answers: string[][] = [];
        for (const q of ['email', 'e', 'café', 'mail', 'menu', 'the', 'pl', '(email)', 'sales'])
          answers.push((await bestMatches(t, q)).titles);
        orders.set(dialect, answers);
      } finally {
        await t.close();
      }
    }
    const [first, ...others] = [...orders.values()];
    expect(first?.some((titles) => titles.length > 2)).toBe(true);
    for (const other of others) expect(other).toEqual(first);
  });
});

describe('containsAsWholeWord', () => {
  it('needs a boundary only where the search text has a word character at its edge', () => {
    expect(containsAsWholeWord('Cold Email:', 'email')).toBe(true);
    expect(containsAsWholeWord('Emails', 'email')).toBe(false);
    expect(containsAsWholeWord('my_email', 'email')).toBe(false);
    expect(containsAsWholeWord('emails and an email', 'email')).toBe(true);
    expect(containsAsWholeWord('Learn C++11', 'c++')).toBe(true);
    expect(containsAsWholeWord('ABC++', 'c++')).toBe(false);
    expect(containsAsWholeWord('Crème brûlée', 'crème')).toBe(true);
    expect(containsAsWholeWord('Crèmes', 'crème')).toBe(false);
    expect(containsAsWholeWord('日本語です', '日本語')).toBe(false);
    expect(containsAsWholeWord('x', '')).toBe(false);
  });

  it('reads a letter outside the BMP next to the word as one letter, and an emoji as no letter', () => {
    // 𝒜 (a mathematical letter) and 😀 are each two UTF-16 units.
    expect(containsAsWholeWord('𝒜email', 'email')).toBe(false);
    expect(containsAsWholeWord('email𝒜', 'email')).toBe(false);
    expect(containsAsWholeWord('😀email😀', 'email')).toBe(true);
    expect(containsAsWholeWord('𝒜email and email', 'email')).toBe(true);
  });
});
