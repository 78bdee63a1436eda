import { suggestionSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { JSON_HEADERS, type TestApp, createTestApp } from '../testing/test-app';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

describe.each(TEST_DIALECTS)('GET /api/search/suggest on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
    const seeds: [title: string, category: string][] = [
      ['Email Newsletter Writer', 'Marketing'],
      ['Cold Email Opener', 'Sales'],
      ['Weekly Meal Planner', 'Cooking'],
    ];
    for (const [title, category] of seeds) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title, prompt: `Write it well for ${category.toLowerCase()}.`, category, model: 'o3' },
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterEach(async () => {
    await t.close();
  });

  const suggest = async (q: string) => {
    const response = await t.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return suggestionSchema.parse(response.json()).suggestion;
  };

  it('suggests the nearest word of the library for a search that finds nothing', async () => {
    expect(await suggest('emial')).toBe('email');
    expect(await suggest('  Newsleter ')).toBe('newsletter');
    // Category names are words of the library too (and these texts name their category).
    expect(await suggest('markting')).toBe('marketing');
  });

  it('knows the words of tags', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: {
        title: 'Lesson Outline',
        prompt: 'Plan a lesson on photosynthesis.',
        category: 'Education',
        model: 'o3',
        tags: ['photosynthesis'],
      },
    });
    expect(created.statusCode).toBe(201);
    // Only a tag (and the text) has the word; the title does not.
    expect(await suggest('photosynthsis')).toBe('photosynthesis');
  });

  it('corrects each unknown word of a phrase and keeps the rest', async () => {
    expect(await suggest('cold emial')).toBe('cold email');
    expect(await suggest('weekly meal plnner')).toBe('weekly meal planner');
  });

  it('suggests nothing when the search finds prompts, nothing is near, or the correction finds nothing', async () => {
    expect(await suggest('email')).toBeNull();
    expect(await suggest('mail')).toBeNull();
    expect(await suggest('xqzvbw')).toBeNull();
    // Both words exist, but never in this order.
    expect(await suggest('planner emial')).toBeNull();
  });

  it('follows new and hidden prompts at once', async () => {
    expect(await suggest('qoukka')).toBeNull();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Quokka Facts', prompt: 'Tell me about quokkas.', category: 'Education', model: 'o3' },
    });
    expect(await suggest('qoukka')).toBe('quokka');
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/prompts/${created.json<{ _id: string }>()._id}/hide`,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await suggest('qoukka')).toBeNull();
  });

  it('refuses a missing, blank or over-long search in the one error shape', async () => {
    for (const url of ['/api/search/suggest', '/api/search/suggest?q=%20%20', `/api/search/suggest?q=${'a'.repeat(201)}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('q') });
    }
    expect((await t.app.inject({ url: `/api/search/suggest?q=${'a'.repeat(200)}` })).statusCode).toBe(200);
  });
});
