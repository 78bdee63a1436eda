import { ACTIVITY_DAYS } from '@prompt-vault/shared/limits';
import { analyticsSchema, facetsSchema, promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import { newId } from '../db/ids';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { createAnalyticsService, lastDays } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every date from `first` to `last` (inclusive), one UTC day apart. */
function expectContiguous(dates: string[], last: string) {
  expect(dates).toHaveLength(ACTIVITY_DAYS);
  expect(dates.at(-1)).toBe(last);
  for (let index = 1; index < dates.length; index += 1) {
    const gap = Date.parse(`${dates[index]}T00:00:00Z`) - Date.parse(`${dates[index - 1]}T00:00:00Z`);
    expect(gap).toBe(DAY_MS);
  }
}

describe('lastDays', () => {
  it('spans month, leap-day and year ends without gaps', () => {
    expect(lastDays(3, new Date('2024-03-01T12:00:00Z'))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(lastDays(2, new Date('2027-01-01T00:00:00.000Z'))).toEqual(['2026-12-31', '2027-01-01']);
    expect(lastDays(1, new Date('2026-06-30T23:59:59.999Z'))).toEqual(['2026-06-30']);
  });
});

describe.each(TEST_DIALECTS)('analytics and facets API on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(title: string, category: string, model: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title, prompt: `Text of ${title}`, category, model },
    });
    expect(response.statusCode).toBe(201);
    return promptSchema.parse(response.json());
  }

  /** Rows written straight into the tables, at chosen times, for the per-day figures. */
  async function insertPrompt(createdAt: string, fields: { category?: string; model?: string; status?: 'visible' | 'hidden' } = {}) {
    const id = newId();
    await t.database.db
      .insertInto('prompts')
      .values({
        id,
        title: `Dated ${createdAt}`,
        prompt: 'Dated prompt text',
        category: fields.category ?? 'Writing',
        model: fields.model ?? 'GPT-4o',
        status: fields.status ?? 'visible',
        created_at: createdAt,
      })
      .execute();
    return id;
  }

  async function insertLike(promptId: string, user: string, createdAt: string) {
    await t.database.db.insertInto('likes').values({ prompt_id: promptId, user_id: user, created_at: createdAt }).execute();
  }

  async function insertCopy(promptId: string, createdAt: string) {
    await t.database.db.insertInto('copies').values({ prompt_id: promptId, user_id: 'anonymous', created_at: createdAt }).execute();
  }

  describe('GET /api/analytics', () => {
    it("answers the spec's shape with 30 empty days ending today on an empty database", async () => {
      const response = await t.app.inject({ url: '/api/analytics' });
      expect(response.statusCode).toBe(200);
      const body = analyticsSchema.parse(response.json());
      expect(Object.keys(response.json()).sort()).toEqual(
        ['activity', 'categoryStats', 'modelStats', 'overview', 'topCopiedPrompts'].sort(),
      );
      expect(body.overview).toEqual({ totalPrompts: 0, totalLikes: 0, totalCopies: 0 });
      expect(body.categoryStats).toEqual([]);
      expect(body.modelStats).toEqual([]);
      expect(body.topCopiedPrompts).toEqual([]);
      expectContiguous(
        body.activity.map((day) => day.date),
        new Date().toISOString().slice(0, 10),
      );
      expect(body.activity.every((day) => day.prompts === 0 && day.likes === 0 && day.copies === 0)).toBe(true);
    });

    it("counts today's prompts, likes and copies made through the API, and the totals and stats agree", async () => {
      const first = await create('First', 'Writing', 'GPT-4o');
      const second = await create('Second', 'Writing', 'Claude Sonnet 4');
      await create('Third', 'Coding', 'GPT-4o');
      for (const [index, id] of [first._id, first._id, second._id].entries()) {
        const like = await t.app.inject({
          method: 'POST',
          url: `/api/prompts/${id}/like`,
          headers: { 'user-id': userId(index) },
          payload: { liked: true },
        });
        expect(like.statusCode).toBe(200);
      }
      for (let index = 0; index < 4; index += 1) {
        const copy = await t.app.inject({
          method: 'POST',
          url: `/api/prompts/${second._id}/copy`,
          headers: { ...JSON_HEADERS, 'user-id': 'anonymous' },
        });
        expect(copy.statusCode).toBe(200);
      }

      const body = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
      const today = new Date().toISOString().slice(0, 10);
      expectContiguous(
        body.activity.map((day) => day.date),
        today,
      );
      expect(body.activity.at(-1)).toEqual({ date: today, prompts: 3, likes: 3, copies: 4 });
      expect(body.activity.slice(0, -1).every((day) => day.prompts + day.likes + day.copies === 0)).toBe(true);
      expect(body.overview).toEqual({ totalPrompts: 3, totalLikes: 3, totalCopies: 4 });
      expect(body.categoryStats).toEqual([
        { name: 'Writing', promptCount: 2 },
        { name: 'Coding', promptCount: 1 },
      ]);
      expect(body.modelStats).toEqual([
        { name: 'GPT-4o', promptCount: 2 },
        { name: 'Claude Sonnet 4', promptCount: 1 },
      ]);
      expect(body.topCopiedPrompts).toEqual([
        {
          _id: second._id,
          title: 'Second',
          category: 'Writing',
          model: 'Claude Sonnet 4',
          prompt: 'Text of Second',
          copyCount: 4,
          likes: 1,
        },
      ]);
    });

    it('an unliked prompt no longer counts on its day', async () => {
      const prompt = await create('Liked then not', 'Writing', 'GPT-4o');
      const like = (liked: boolean) =>
        t.app.inject({ method: 'POST', url: `/api/prompts/${prompt._id}/like`, headers: { 'user-id': userId(1) }, payload: { liked } });
      await like(true);
      await like(false);
      const body = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
      expect(body.activity.at(-1)?.likes).toBe(0);
    });
  });

  describe('activity per UTC day (service with a fixed clock)', () => {
    const now = new Date('2026-03-15T10:30:00.000Z');
    const service = () => createAnalyticsService(t.database.db, createAppCaches(), () => now);

    it('puts each event on its UTC day, over the 30 contiguous days ending on the clock’s today', async () => {
      const today = await insertPrompt('2026-03-15T00:00:00.000Z');
      const yesterday = await insertPrompt('2026-03-14T23:59:59.999Z');
      const firstDay = await insertPrompt('2026-02-14T00:00:00.000Z');
      const tooOld = await insertPrompt('2026-02-13T23:59:59.999Z');
      await insertPrompt('2026-03-15T09:00:00.000Z');

      await insertLike(tooOld, userId(1), '2026-03-15T08:00:00.000Z');
      await insertLike(today, userId(1), '2026-03-15T08:00:00.000Z');
      await insertLike(today, userId(2), '2026-03-01T12:00:00.000Z');
      await insertLike(yesterday, userId(1), '2026-02-13T12:00:00.000Z');

      await insertCopy(firstDay, '2026-02-14T00:00:00.000Z');
      await insertCopy(firstDay, '2026-02-14T23:59:59.999Z');
      await insertCopy(today, '2026-03-10T05:00:00.000Z');
      await insertCopy(tooOld, '2026-01-01T00:00:00.000Z');

      const { activity } = await service().get();
      expectContiguous(
        activity.map((day) => day.date),
        '2026-03-15',
      );
      expect(activity[0]?.date).toBe('2026-02-14');
      const byDate = new Map(activity.map((day) => [day.date, day]));
      expect(byDate.get('2026-03-15')).toEqual({ date: '2026-03-15', prompts: 2, likes: 2, copies: 0 });
      expect(byDate.get('2026-03-14')).toEqual({ date: '2026-03-14', prompts: 1, likes: 0, copies: 0 });
      expect(byDate.get('2026-03-10')).toEqual({ date: '2026-03-10', prompts: 0, likes: 0, copies: 1 });
      expect(byDate.get('2026-03-01')).toEqual({ date: '2026-03-01', prompts: 0, likes: 1, copies: 0 });
      expect(byDate.get('2026-02-14')).toEqual({ date: '2026-02-14', prompts: 1, likes: 0, copies: 2 });
      const sum = (key: 'prompts' | 'likes' | 'copies') => activity.reduce((total, day) => total + day[key], 0);
      // Everything before 2026-02-14 is outside the window.
      expect([sum('prompts'), sum('likes'), sum('copies')]).toEqual([4, 3, 3]);
    });

    it('leaves hidden prompts and their likes and copies out', async () => {
      const hidden = await insertPrompt('2026-03-15T01:00:00.000Z', { status: 'hidden' });
      await insertLike(hidden, userId(1), '2026-03-15T02:00:00.000Z');
      await insertCopy(hidden, '2026-03-15T03:00:00.000Z');
      const { activity, overview } = await service().get();
      expect(activity.at(-1)).toEqual({ date: '2026-03-15', prompts: 0, likes: 0, copies: 0 });
      expect(overview.totalPrompts).toBe(0);
    });

    it('moves its window at midnight (UTC) though nothing was written, and keeps one answer within a day', async () => {
      let clock = new Date('2026-03-15T23:59:59.000Z');
      const sameCaches = createAnalyticsService(t.database.db, createAppCaches(), () => clock);
      const before = await sameCaches.get();
      expect(before.activity.at(-1)?.date).toBe('2026-03-15');
      clock = new Date('2026-03-15T23:59:59.900Z');
      expect(await sameCaches.get()).toBe(before);
      clock = new Date('2026-03-16T00:00:00.100Z');
      const after = await sameCaches.get();
      expect(after.activity.at(-1)?.date).toBe('2026-03-16');
      expect(after.activity[0]?.date).toBe('2026-02-15');
    });

    it('crosses a leap day and a month end without a gap', async () => {
      await insertPrompt('2024-02-29T12:00:00.000Z');
      const { activity } = await createAnalyticsService(t.database.db, createAppCaches(), () => new Date('2024-03-01T00:00:00.000Z')).get();
      expectContiguous(
        activity.map((day) => day.date),
        '2024-03-01',
      );
      expect(activity.find((day) => day.date === '2024-02-29')?.prompts).toBe(1);
    });
  });

  it("shows a blank category or model as 'Uncategorized'", async () => {
    const id = await insertPrompt(new Date().toISOString(), { category: '', model: '  ' });
    await insertCopy(id, new Date().toISOString());
    await t.database.db.updateTable('prompts').set({ copy_count: 1 }).where('id', '=', id).execute();
    const body = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
    expect(body.categoryStats).toEqual([{ name: 'Uncategorized', promptCount: 1 }]);
    expect(body.modelStats).toEqual([{ name: 'Uncategorized', promptCount: 1 }]);
    expect(body.topCopiedPrompts[0]).toMatchObject({ category: 'Uncategorized', model: 'Uncategorized' });
  });

  describe('GET /api/facets', () => {
    it('answers {total, categories, models, keywords, tags} with distinct values in alphabetical order', async () => {
      await create('Quarterly planning template', 'Writing', 'GPT-4o');
      await create('Quarterly review template', 'Business', 'GPT-4o');
      await create('Refactoring assistant', 'Coding', 'Claude Sonnet 4');
      await create('Another writing helper', 'Writing', 'Gemini 2.5 Pro');

      const response = await t.app.inject({ url: '/api/facets' });
      expect(response.statusCode).toBe(200);
      const body = facetsSchema.parse(response.json());
      expect(Object.keys(response.json()).sort()).toEqual(['categories', 'keywords', 'models', 'tags', 'total']);
      expect(body.total).toBe(4);
      expect(body.categories).toEqual([
        { name: 'Business', count: 1 },
        { name: 'Coding', count: 1 },
        { name: 'Writing', count: 2 },
      ]);
      expect(body.models).toEqual([
        { name: 'Claude Sonnet 4', count: 1 },
        { name: 'Gemini 2.5 Pro', count: 1 },
        { name: 'GPT-4o', count: 2 },
      ]);
      expect(body.keywords.slice(0, 2)).toEqual(['quarterly', 'template']);
    });

    it('answers empty lists on an empty database', async () => {
      const body = facetsSchema.parse((await t.app.inject({ url: '/api/facets' })).json());
      expect(body).toEqual({ total: 0, categories: [], models: [], keywords: [], tags: [] });
    });
  });
});
