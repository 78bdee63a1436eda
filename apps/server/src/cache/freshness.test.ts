import type { Analytics, Facets, Prompt } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_STALE_MS } from '@prompt-vault/shared/limits';
import { newId } from '../db/ids';
import { MAX_KEPT_LIKES } from '../prompts/visitor-likes';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';

// Facets, analytics and list totals are cached (read-cache.ts); every write
// the app makes must show in the very next read.
describe.each(TEST_DIALECTS)('cached aggregates on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const share = async (title: string, category = 'Writing') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title, prompt: `Text of ${title}`, category, model: 'o3' },
    });
    expect(response.statusCode).toBe(201);
    return response.json()._id as string;
  };
  const facets = async () => (await t.app.inject({ url: '/api/facets' })).json() as Facets;
  const analytics = async () => (await t.app.inject({ url: '/api/analytics' })).json() as Analytics;
  const today = () => new Date().toISOString().slice(0, 10);

  it('shows a new prompt in facets, analytics and list totals at once', async () => {
    await share('Meeting Notes Summarizer');
    expect((await facets()).total).toBe(1);
    expect((await analytics()).overview.totalPrompts).toBe(1);
    expect((await t.app.inject({ url: '/api/prompts?limit=10' })).headers['x-total-count']).toBe('1');
    expect((await t.app.inject({ url: '/api/prompts?limit=10&category=Coding' })).headers['x-total-count']).toBe('0');

    await share('Meeting Agenda Builder', 'Coding');
    const after = await facets();
    expect(after.total).toBe(2);
    expect(after.categories).toEqual([
      { name: 'Coding', count: 1 },
      { name: 'Writing', count: 1 },
    ]);
    expect(after.keywords).toContain('meeting');
    expect((await analytics()).overview.totalPrompts).toBe(2);
    expect((await t.app.inject({ url: '/api/prompts?limit=10' })).headers['x-total-count']).toBe('2');
    expect((await t.app.inject({ url: '/api/prompts?limit=10&category=Coding' })).headers['x-total-count']).toBe('1');
  });

  it('shows likes, unlikes and copies in analytics within ANALYTICS_STALE_MS, and recomputes at most once in that time', async () => {
    // Only Date is faked: the cache and the analytics read the time from it, the database and the sockets keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const later = () => vi.setSystemTime(Date.now() + ANALYTICS_STALE_MS);
      const id = await share('Cold Email Writer');
      expect((await analytics()).overview).toEqual({ totalPrompts: 1, totalLikes: 0, totalCopies: 0 });
      const like = (liked: boolean) =>
        t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked } });
      await like(true);
      // Within the period the dashboard may still show the answer computed before the like...
      expect((await analytics()).overview.totalLikes).toBe(0);
      // ...and from its end, every write so far.
      later();
      expect((await analytics()).overview.totalLikes).toBe(1);
      await like(false);
      later();
      expect((await analytics()).overview.totalLikes).toBe(0);
      await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS });
      later();
      const copied = await analytics();
      expect(copied.overview.totalCopies).toBe(1);
      expect(copied.topCopiedPrompts.map((prompt) => [prompt.title, prompt.copyCount])).toEqual([['Cold Email Writer', 1]]);
      // The like was taken back, so the day counts none.
      expect(copied.activity.at(-1)).toMatchObject({ date: today(), prompts: 1, likes: 0, copies: 1 });
      // A new prompt shows at once.
      await share('Follow-Up Writer');
      expect((await analytics()).overview.totalPrompts).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the events of hidden prompts out of the daily activity', async () => {
    const shown = await share('Shown Prompt');
    const hidden = await share('Hidden Prompt');
    for (const id of [shown, hidden]) {
      await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } });
      await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS });
    }
    await t.database.db.updateTable('prompts').set({ status: 'hidden' }).where('id', '=', hidden).execute();
    const result = await analytics();
    expect(result.overview).toEqual({ totalPrompts: 1, totalLikes: 1, totalCopies: 1 });
    expect(result.activity.at(-1)).toMatchObject({ date: today(), prompts: 1, likes: 1, copies: 1 });
    expect(result.activity).toHaveLength(30);
    expect(result.activity.slice(0, -1).every((day) => day.likes === 0 && day.copies === 0)).toBe(true);
  });

  it("shows every like, copy and note in the next page of the list, with each visitor's own liked flags", async () => {
    const id = await share('Release Notes Writer');
    await share('Bug Report Template');
    const page = async (user?: string) => {
      const response = await t.app.inject({ url: '/api/prompts?limit=48', headers: user ? { 'user-id': user } : {} });
      return (response.json() as Prompt[]).find((prompt) => prompt._id === id);
    };
    expect(await page(userId(1))).toMatchObject({ likes: 0, liked: false, copyCount: 0, commentCount: 0 });
    await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } });
    expect(await page(userId(1))).toMatchObject({ likes: 1, liked: true });
    expect(await page(userId(2))).toMatchObject({ likes: 1, liked: false });
    expect(await page()).toMatchObject({ likes: 1, liked: false });
    await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS });
    expect(await page(userId(2))).toMatchObject({ copyCount: 1 });
    await t.app.inject({ method: 'POST', url: `/api/comments/${id}`, payload: { text: 'Handy.' } });
    expect(await page(userId(2))).toMatchObject({ commentCount: 1 });
    await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: false } });
    expect(await page(userId(1))).toMatchObject({ likes: 0, liked: false });
  });

  it('shows a new prompt in the next search, with its total, and every like in the next searched page', async () => {
    await share('Weekly Newsletter Draft');
    await share('Bug Report Template');
    const search = async (user?: string) => {
      const response = await t.app.inject({ url: '/api/prompts?limit=48&q=newsletter', headers: user ? { 'user-id': user } : {} });
      return { total: response.headers['x-total-count'], prompts: response.json() as Prompt[] };
    };
    const first = await search();
    expect(first.total).toBe('1');
    expect(first.prompts.map((prompt) => prompt.title)).toEqual(['Weekly Newsletter Draft']);

    const id = await share('Newsletter Subject Lines');
    const second = await search();
    expect(second.total).toBe('2');
    expect(second.prompts.map((prompt) => prompt.title)).toEqual(['Newsletter Subject Lines', 'Weekly Newsletter Draft']);

    await t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } });
    expect((await search(userId(1))).prompts[0]).toMatchObject({ _id: id, likes: 1, liked: true });
    expect((await search(userId(2))).prompts[0]).toMatchObject({ _id: id, likes: 1, liked: false });
    expect((await search()).prompts[0]).toMatchObject({ _id: id, likes: 1, liked: false });
  });

  it('keeps the liked flags exact for a visitor who likes more prompts than are kept in memory', async () => {
    const fan = userId('fan');
    const ids = Array.from({ length: MAX_KEPT_LIKES + 1 }, () => newId());
    const rows = ids.map((id, index) => ({
      id,
      title: `Liked prompt ${index}`,
      prompt: `Text ${index}`,
      category: 'Writing',
      model: 'o3',
      like_count: 1,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(),
    }));
    // Written straight into the tables: a thousand likes through the API would be slow, and only the reads are under test.
    await t.database.db.insertInto('prompts').values(rows).execute();
    await t.database.db
      .insertInto('likes')
      .values(ids.map((id) => ({ prompt_id: id, user_id: fan, created_at: '2025-02-01T00:00:00.000Z' })))
      .execute();
    const liked = async (user: string) =>
      ((await t.app.inject({ url: '/api/prompts?limit=48', headers: { 'user-id': user } })).json() as Prompt[]).map(
        (prompt) => prompt.liked,
      );
    expect(await liked(fan)).toEqual(Array(48).fill(true));
    expect(await liked(userId(2))).toEqual(Array(48).fill(false));
    const newest = ids.at(-1);
    await t.app.inject({ method: 'POST', url: `/api/prompts/${newest}/like`, headers: { 'user-id': fan }, payload: { liked: false } });
    expect(await liked(fan)).toEqual([false, ...Array(47).fill(true)]);
  });
});
