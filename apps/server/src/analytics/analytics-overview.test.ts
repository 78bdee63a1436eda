import { analyticsSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';

describe.each(TEST_DIALECTS)('GET /api/analytics overview on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers zeros and empty lists for an empty library', async () => {
    const analytics = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
    expect(analytics.overview).toEqual({ totalPrompts: 0, totalLikes: 0, totalCopies: 0 });
    expect(analytics.categoryStats).toEqual([]);
    expect(analytics.topCopiedPrompts).toEqual([]);
    expect(analytics.activity).toHaveLength(30);
  });

  it('sums likes and copies, counts per category and model, and ranks the most copied', async () => {
    const ids: string[] = [];
    for (const [title, category, model] of [
      ['A', 'Writing', 'o3'],
      ['B', 'Writing', 'GPT-4o'],
      ['C', 'Coding', 'GPT-4o'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title, prompt: `${title} text`, category, model },
      });
      ids.push(response.json()._id);
    }
    const copy = (index: number) => t.app.inject({ method: 'POST', url: `/api/prompts/${ids[index]}/copy`, headers: JSON_HEADERS });
    await copy(2);
    await copy(2);
    await copy(0);
    await t.app.inject({ method: 'POST', url: `/api/prompts/${ids[1]}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } });

    const analytics = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
    expect(analytics.overview).toEqual({ totalPrompts: 3, totalLikes: 1, totalCopies: 3 });
    expect(analytics.categoryStats).toEqual([
      { name: 'Writing', promptCount: 2 },
      { name: 'Coding', promptCount: 1 },
    ]);
    expect(analytics.modelStats).toEqual([
      { name: 'GPT-4o', promptCount: 2 },
      { name: 'o3', promptCount: 1 },
    ]);
    expect(analytics.topCopiedPrompts.map((p) => [p.title, p.copyCount])).toEqual([
      ['C', 2],
      ['A', 1],
    ]);
    expect(analytics.topCopiedPrompts[0]).toMatchObject({ category: 'Coding', model: 'GPT-4o', prompt: 'C text', likes: 0 });
  });
});
