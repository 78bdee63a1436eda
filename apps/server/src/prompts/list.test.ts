import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';

const rows = [
  { title: 'Email Writer', prompt: 'Draft a polite EMAIL reply.', category: 'Writing', model: 'GPT-4o' },
  { title: 'SQL Helper', prompt: 'Write a query using 100% of the index_name.', category: 'Coding', model: 'Claude Sonnet 4' },
  { title: 'Lesson Plan', prompt: 'Plan a lesson about fractions.', category: 'Education', model: 'GPT-4o' },
  { title: 'Bug Hunter', prompt: 'Find the bug in this code.', category: 'Coding', model: 'GPT-4o' },
  { title: 'Cover Letter', prompt: 'Write a cover letter for an email job.', category: 'Career', model: 'o3' },
];

describe.each(TEST_DIALECTS)('GET /api/prompts on %s', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];

  beforeEach(async () => {
    t = await createTestApp(dialect);
    ids.length = 0;
    for (const row of rows) {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: row });
      ids.push(response.json()._id);
    }
    // Likes: Email 3, SQL 1, Lesson 0, Bug 2, Cover 0; copies: Lesson 5.
    const like = (index: number, user: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/prompts/${ids[index]}/like`,
        headers: { 'user-id': userId(user) },
        payload: { liked: true },
      });
    await Promise.all([like(0, 1), like(0, 2), like(0, 3), like(1, 1), like(3, 1), like(3, 2)]);
    for (let copy = 0; copy < 5; copy += 1)
      await t.app.inject({ method: 'POST', url: `/api/prompts/${ids[2]}/copy`, headers: JSON_HEADERS });
  });
  afterEach(async () => {
    await t.close();
  });

  async function list(query: string, headers: Record<string, string> = {}): Promise<Prompt[]> {
    const response = await t.app.inject({ url: `/api/prompts${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const titles = (prompts: Prompt[]) => prompts.map((prompt) => prompt.title);

  it('returns the whole array, newest first, without parameters and without paging headers', async () => {
    const response = await t.app.inject({ url: '/api/prompts' });
    expect(response.json().map((p: Prompt) => p.title)).toEqual([...rows].reverse().map((row) => row.title));
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.headers.link).toBeUndefined();
  });

  it('searches title and text as a case-insensitive substring', async () => {
    expect(titles(await list('?q=email')).sort()).toEqual(['Cover Letter', 'Email Writer']);
    expect(titles(await list('?q=LESSON'))).toEqual(['Lesson Plan']);
    expect(titles(await list('?q=bug%20in'))).toEqual(['Bug Hunter']);
    expect(await list('?q=nothing-matches-this')).toEqual([]);
  });

  it('treats % and _ in the search text literally', async () => {
    expect(titles(await list('?q=100%25'))).toEqual(['SQL Helper']);
    expect(titles(await list('?q=index_name'))).toEqual(['SQL Helper']);
    expect(await list('?q=%25%25%25x')).toEqual([]);
  });

  it('filters by exact category and model, combined with search', async () => {
    expect(titles(await list('?category=Coding')).sort()).toEqual(['Bug Hunter', 'SQL Helper']);
    expect(await list('?category=coding')).toEqual([]);
    expect(titles(await list('?model=GPT-4o&category=Coding'))).toEqual(['Bug Hunter']);
    expect(titles(await list('?model=GPT-4o&q=email'))).toEqual(['Email Writer']);
  });

  it('sorts by likes both ways and by copies', async () => {
    const desc = await list('?sort=likes_desc');
    expect(desc.map((p) => p.likes)).toEqual([3, 2, 1, 0, 0]);
    const asc = await list('?sort=likes_asc');
    expect(asc.map((p) => p.likes)).toEqual([0, 0, 1, 2, 3]);
    expect((await list('?sort=copies_desc'))[0]?.title).toBe('Lesson Plan');
  });

  it('keeps only the prompts the user liked with liked=true', async () => {
    expect(titles(await list('?liked=true', { 'user-id': userId(2) })).sort()).toEqual(['Bug Hunter', 'Email Writer']);
    const forUser1 = await list('?sort=likes_desc', { 'user-id': userId(1) });
    expect(
      forUser1
        .filter((p) => p.liked)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Bug Hunter', 'Email Writer', 'SQL Helper']);
    expect(await list('?liked=true')).toEqual([]);
  });

  it.each(['likes_desc', 'likes_asc', 'newest', 'copies_desc'])('pages through every prompt exactly once sorted by %s', async (sort) => {
    const everything = await list(`?sort=${sort}`);
    const seen: Prompt[] = [];
    let url: string | undefined = `/api/prompts?sort=${sort}&limit=2`;
    let pages = 0;
    while (url) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-total-count']).toBe('5');
      seen.push(...response.json());
      const link = response.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((p) => p._id)).toEqual(everything.map((p) => p._id));
  });

  it('keeps the filters in the next link and counts only matches', async () => {
    const response = await t.app.inject({ url: '/api/prompts?category=Coding&limit=1' });
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers.link).toMatch(/category=Coding/);
    expect(response.headers.link).toMatch(/limit=1/);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?sort=random', 'sort'],
    ['?liked=maybe', 'liked'],
    ['?limit=5&cursor=not-a-cursor', 'cursor'],
  ])('rejects %s with a field message', async (query, field) => {
    const response = await t.app.inject({ url: `/api/prompts${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('rejects a cursor made for another sort order', async () => {
    const first = await t.app.inject({ url: '/api/prompts?sort=likes_desc&limit=2' });
    const cursor = /cursor=([^&>]+)/.exec(first.headers.link as string)?.[1];
    const response = await t.app.inject({ url: `/api/prompts?sort=newest&limit=2&cursor=${cursor}` });
    expect(response.statusCode).toBe(400);
  });
});
