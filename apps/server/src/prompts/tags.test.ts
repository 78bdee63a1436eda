import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { sqliteQueryPlan } from '../testing/query-plan';
import { newId } from '../db/ids';
import { insertPrompt } from './insert-repository';
import { cursorAfter, listPrompts, sortedPageQuery } from './read-repository';
import { JSON_HEADERS, type TestApp, createTestApp, userId } from '../testing/test-app';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const auth = { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };

describe.each(TEST_DIALECTS)('tags on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (title: string, tags?: unknown, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title, prompt: `${title} text`, category: 'Writing', model: 'o3', ...(tags === undefined ? {} : { tags }), ...extra },
    });
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: `/api/prompts${query}`, headers });
    expect(response.statusCode).toBe(200);
    return { prompts: response.json() as Prompt[], total: response.headers['x-total-count'], link: response.headers.link };
  };
  const titles = (prompts: Prompt[]) => prompts.map((prompt) => prompt.title);
  const facetTags = async () => (await t.app.inject({ url: '/api/facets' })).json().tags;
  const countRows = async (table: 'prompts' | 'prompt_tags' | 'tags') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /api/prompts', () => {
    it('normalises the tags, merges duplicates and shows them on every read of the prompt', async () => {
      const response = await create('Tagged', ['  Cover Letter', 'EMAIL', 'cover_letter', 'Über  Café', 'gpt-4o']);
      expect(response.statusCode).toBe(201);
      const expected = ['cover-letter', 'email', 'über-café', 'gpt-4o'];
      expect(response.json().tags).toEqual(expected);
      const id = response.json()._id;
      expect((await t.app.inject({ url: `/api/prompts/${id}` })).json().tags).toEqual(expected);
      expect((await list('?limit=10')).prompts[0]?.tags).toEqual(expected);
      expect((await list('')).prompts[0]?.tags).toEqual(expected);
    });

    it('gives a prompt without tags an empty list', async () => {
      expect((await create('Untagged')).json().tags).toEqual([]);
      expect((await create('Empty list', [])).json().tags).toEqual([]);
      expect((await list('?limit=10')).prompts.map((prompt) => prompt.tags)).toEqual([[], []]);
    });

    it.each([
      ['six tags', ['aa', 'bb', 'cc', 'dd', 'ee', 'ff']],
      ['a 26-character tag', ['x'.repeat(26)]],
      ['a one-character tag', ['x']],
      ['markup', ['<b>bold</b>']],
      ['a string instead of an array', 'email'],
      ['a number in the list', ['email', 7]],
      ['a blank tag', ['   ']],
    ])('refuses %s with a 400 naming tags, and stores nothing', async (_name, tags) => {
      const response = await create('Refused', tags);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { tags: expect.any(String) } });
      expect(await countRows('prompts')).toBe(0);
      expect(await countRows('prompt_tags')).toBe(0);
      expect(await countRows('tags')).toBe(0);
    });

    it('accepts six tags that merge into five', async () => {
      const response = await create('Merged', ['aa', 'bb', 'cc', 'dd', 'ee', 'AA']);
      expect(response.statusCode).toBe(201);
      expect(response.json().tags).toEqual(['aa', 'bb', 'cc', 'dd', 'ee']);
    });

    it('stores no tags for a refused duplicate', async () => {
      expect((await create('Same', ['first'])).statusCode).toBe(201);
      expect((await create('Same', ['second'])).statusCode).toBe(409);
      expect(await facetTags()).toEqual([{ name: 'first', count: 1 }]);
      expect(await countRows('prompt_tags')).toBe(1);
    });
  });

  describe('GET /api/prompts?tags=', () => {
    beforeEach(async () => {
      await create('Email Apology', ['email', 'work']);
      await create('Email Invite', ['email', 'events']);
      await create('Work Plan', ['work', 'planning']);
      await create('Email Work Digest', ['email', 'work', 'digest']);
      await create('No Tags At All');
    });

    it('lists the prompts carrying every tag, with an exact total', async () => {
      const both = await list('?tags=email,work&limit=10');
      expect(titles(both.prompts)).toEqual(['Email Work Digest', 'Email Apology']);
      expect(both.total).toBe('2');
      expect(titles((await list('?tags=email&limit=10')).prompts)).toEqual(['Email Work Digest', 'Email Invite', 'Email Apology']);
      expect((await list('?tags=email,nothing&limit=10')).total).toBe('0');
    });

    it('normalises the filter as it normalises a prompt, in any order', async () => {
      expect(titles((await list('?tags=WORK,%20Email%20&limit=10')).prompts)).toEqual(['Email Work Digest', 'Email Apology']);
      expect((await list('?tags=&limit=10')).total).toBe('5');
    });

    it('combines with q, category, model and liked', async () => {
      await create('Coded Email', ['email'], { category: 'Coding', model: 'GPT-4o' });
      expect(titles((await list('?tags=email&q=invite&limit=10')).prompts)).toEqual(['Email Invite']);
      expect(titles((await list('?tags=email&category=Coding&limit=10')).prompts)).toEqual(['Coded Email']);
      expect(titles((await list('?tags=email&model=o3&q=digest&limit=10')).prompts)).toEqual(['Email Work Digest']);
      const invite = (await list('?tags=events&limit=1')).prompts[0] as Prompt;
      await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${invite._id}/like`,
        headers: { 'user-id': userId(1) },
        payload: { liked: true },
      });
      const liked = await list('?tags=email&liked=true&limit=10', { 'user-id': userId(1) });
      expect(titles(liked.prompts)).toEqual(['Email Invite']);
      expect(liked.total).toBe('1');
      expect(titles((await list('?tags=work&liked=true&limit=10', { 'user-id': userId(1) })).prompts)).toEqual([]);
    });

    it('orders by every sort', async () => {
      // Likes: Digest 2, Plan 1, Apology 0 (no ties, which break by id); copies: Digest 1.
      const digest = (await list('?tags=digest&limit=1')).prompts[0] as Prompt;
      const plan = (await list('?tags=planning&limit=1')).prompts[0] as Prompt;
      const like = (id: string, user: number) =>
        t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(user) }, payload: { liked: true } });
      await like(digest._id, 1);
      await like(digest._id, 2);
      await like(plan._id, 1);
      await t.app.inject({ method: 'POST', url: `/api/prompts/${digest._id}/copy`, headers: { ...JSON_HEADERS, 'user-id': userId(2) } });
      expect(titles((await list('?tags=work&sort=likes_desc&limit=10')).prompts)).toEqual([
        'Email Work Digest',
        'Work Plan',
        'Email Apology',
      ]);
      expect(titles((await list('?tags=work&sort=likes_asc&limit=10')).prompts)).toEqual([
        'Email Apology',
        'Work Plan',
        'Email Work Digest',
      ]);
      expect(titles((await list('?tags=work&sort=copies_desc&limit=10')).prompts)[0]).toBe('Email Work Digest');
      expect(titles((await list('?tags=work&sort=newest&limit=10')).prompts)).toEqual(['Email Work Digest', 'Work Plan', 'Email Apology']);
      expect(titles((await list('?tags=work&sort=likes_desc')).prompts)).toEqual(['Email Work Digest', 'Work Plan', 'Email Apology']);
    });

    it('pages with the keyset cursor, every match exactly once, and keeps tags in the next link', async () => {
      for (let index = 0; index < 7; index += 1) await create(`Extra ${index}`, ['paged', index % 2 === 0 ? 'even' : 'odd']);
      for (const sort of ['newest', 'likes_desc', 'likes_asc', 'copies_desc']) {
        const seen: string[] = [];
        let url: string | undefined = `/api/prompts?tags=paged&sort=${sort}&limit=3`;
        let pages = 0;
        while (url) {
          const response = await t.app.inject({ url });
          expect(response.headers['x-total-count']).toBe('7');
          seen.push(...(response.json() as Prompt[]).map((prompt) => prompt.title));
          const next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''));
          if (next) expect(next[1]).toContain('tags=paged');
          url = next?.[1];
          pages += 1;
        }
        expect(pages).toBe(3);
        expect(seen.sort()).toEqual(Array.from({ length: 7 }, (_, index) => `Extra ${index}`));
      }
      const even = await list('?tags=paged,even&limit=100');
      expect(titles(even.prompts).sort()).toEqual(['Extra 0', 'Extra 2', 'Extra 4', 'Extra 6']);
    });

    it('refuses an invalid tag or more than five with a 400 naming tags', async () => {
      for (const query of ['?tags=%3Cb%3E', '?tags=a', '?tags=aa,bb,cc,dd,ee,ff', `?tags=${'x'.repeat(26)}`]) {
        const response = await t.app.inject({ url: `/api/prompts${query}&limit=10` });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toHaveProperty('tags');
      }
    });

    it('shows a new prompt in a cached tag filter at once', async () => {
      expect((await list('?tags=events&limit=10')).total).toBe('1');
      await create('Second Invite', ['events']);
      const after = await list('?tags=events&limit=10');
      expect(after.total).toBe('2');
      expect(titles(after.prompts)).toEqual(['Second Invite', 'Email Invite']);
    });
  });

  describe('GET /api/facets tags', () => {
    it('counts the visible prompts per tag, most used first, then by name', async () => {
      await create('One', ['work', 'email']);
      await create('Two', ['email', 'zebra']);
      await create('Three', ['email', 'alpha', 'work']);
      expect(await facetTags()).toEqual([
        { name: 'email', count: 3 },
        { name: 'work', count: 2 },
        { name: 'alpha', count: 1 },
        { name: 'zebra', count: 1 },
      ]);
    });

    it('follows hiding and unhiding exactly, repeated or not, and the filter leaves hidden prompts out', async () => {
      const id = (await create('Hidden Soon', ['email', 'spam'])).json()._id;
      await create('Stays', ['email']);
      for (let repeat = 0; repeat < 2; repeat += 1) {
        expect((await t.app.inject({ method: 'POST', url: `/api/admin/prompts/${id}/hide`, headers: auth })).statusCode).toBe(200);
      }
      expect(await facetTags()).toEqual([{ name: 'email', count: 1 }]);
      expect(titles((await list('?tags=email&limit=10')).prompts)).toEqual(['Stays']);
      expect((await list('?tags=spam&limit=10')).total).toBe('0');
      for (let repeat = 0; repeat < 2; repeat += 1) {
        await t.app.inject({ method: 'POST', url: `/api/admin/prompts/${id}/unhide`, headers: auth });
      }
      expect(await facetTags()).toEqual([
        { name: 'email', count: 2 },
        { name: 'spam', count: 1 },
      ]);
    });
  });
  it('pages a tag newest first through prompts shared in the same millisecond, one by one in id order', async () => {
    const { db } = t.database;
    for (let index = 0; index < 5; index += 1) {
      const prompt = { id: newId(), title: `Tie ${index}`, prompt: `Tie ${index} text`, category: 'Writing', model: 'o3' };
      await insertPrompt(db, { ...prompt, created_at: '2026-11-25T10:00:00.000Z', tag_list: 'tie', duplicate_key: null });
    }
    expect((await create('Later, same tag', ['tie'])).statusCode).toBe(201);
    // The whole library newest first, as the plain order reads it: the tag's prompts among them.
    const expected = (await listPrompts(db, dialect, {}, { sort: 'newest' }, undefined))
      .filter((row) => row.tag_list === 'tie')
      .map((row) => row.title);
    expect(expected).toHaveLength(6);
    const titles: string[] = [];
    let after: ReturnType<typeof cursorAfter> | undefined;
    for (let page = 0; page < 8; page += 1) {
      const rows = await listPrompts(db, dialect, { tags: ['tie'] }, { sort: 'newest', limit: 2, after }, undefined);
      titles.push(...rows.map((row) => row.title));
      const last = rows.at(-1);
      if (rows.length < 2 || !last) break;
      after = cursorAfter('newest', last);
    }
    expect(titles).toEqual(expected);
  });

  it("reads the same pages walking the sort order as starting from the tagged prompts, newest first from the tag's own order", async () => {
    for (let index = 0; index < 9; index += 1) {
      const tags = index % 3 === 0 ? ['alpha'] : ['alpha', 'beta'];
      expect((await create(`Walk ${index}`, index === 8 ? ['beta'] : tags)).statusCode).toBe(201);
    }
    const { db } = t.database;
    // Spread likes and copies so every order differs from the others.
    const rows = await db.selectFrom('prompts').select('id').orderBy('id').execute();
    for (const [index, row] of rows.entries()) {
      await db
        .updateTable('prompts')
        .set({ like_count: (index * 7) % 5, copy_count: (index * 3) % 4 })
        .where('id', '=', row.id)
        .execute();
    }
    let compared = 0;
    for (const tags of [['alpha'], ['beta'], ['alpha', 'beta'], ['beta', 'alpha']]) {
      for (const sort of ['newest', 'likes_desc', 'likes_asc', 'copies_desc'] as const) {
        // The whole library in this order, the tags tested here: what both ways must read, page by page.
        const everyPrompt = await listPrompts(db, dialect, {}, { sort }, undefined);
        const expected = everyPrompt
          .filter((row) => tags.every((tag) => row.tag_list.split(' ').includes(tag)))
          .slice(0, 6)
          .map((row) => row.title);
        const pages = [];
        for (const walkTags of [false, true]) {
          const first = await listPrompts(db, dialect, { tags }, { sort, limit: 3, walkTags }, undefined);
          const last = first.at(-1);
          const after = last ? cursorAfter(sort, last) : undefined;
          const second = after ? await listPrompts(db, dialect, { tags }, { sort, limit: 3, after, walkTags }, undefined) : [];
          pages.push([...first, ...second].map((row) => row.title));
        }
        expect(pages[0], `${tags.join('+')} by ${sort}`).toEqual(expected);
        expect(pages[1], `${tags.join('+')} by ${sort}, walking`).toEqual(expected);
        if ((pages[0]?.length ?? 0) > 3) compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(4);
    if (dialect === 'sqlite') {
      // Walking keeps SQLite off the tag's own index (the unary +) and on the sort's: by likes, prompts_likes_idx.
      // (Without statistics, as here, SQLite walks either way; the bench's analysed library started from the tag.)
      const query = (walkTags: boolean) =>
        sortedPageQuery(db, dialect, { tags: ['alpha'] }, { sort: 'likes_desc', limit: 4, walkTags }, undefined);
      expect(await sqliteQueryPlan(db, query(true))).toContain('prompts_likes_idx');
      expect(query(true).compile().sql).toContain('+prompts.id in');
      expect(query(false).compile().sql).not.toContain('+prompts.id');
      // Newest first, a lone tag's page is the end of its own range of prompt_tags_created_idx, read in order
      // (no sort of its rows), walking or not.
      for (const walkTags of [false, true]) {
        const newest = sortedPageQuery(db, dialect, { tags: ['alpha'] }, { sort: 'newest', limit: 4, walkTags }, undefined);
        const plan = await sqliteQueryPlan(db, newest);
        expect(plan).toMatch(/^SEARCH tag_order USING COVERING INDEX prompt_tags_created_idx/);
        expect(plan).not.toContain('TEMP B-TREE');
      }
      // With anything else to test, the planner chooses where to start, as before.
      const twoTags = sortedPageQuery(db, dialect, { tags: ['alpha', 'beta'] }, { sort: 'newest', limit: 4 }, undefined);
      expect(twoTags.compile().sql).not.toContain('tag_order');
      const withCategory = sortedPageQuery(db, dialect, { tags: ['alpha'], category: 'Writing' }, { sort: 'newest' }, undefined);
      expect(withCategory.compile().sql).not.toContain('tag_order');
    }
  });
});
