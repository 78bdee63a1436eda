import { facetsSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp } from '../testing/test-app';

describe.each(TEST_DIALECTS)('GET /api/facets on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (title: string, category: string, model: string) =>
    t.app.inject({ method: 'POST', url: '/api/prompts', payload: { title, prompt: 'text', category, model } });

  it('is empty on an empty library', async () => {
    const response = await t.app.inject({ url: '/api/facets' });
    expect(response.json()).toEqual({ total: 0, categories: [], models: [], keywords: [], tags: [] });
  });

  it('lists distinct categories and models alphabetically with counts, and the popular title words', async () => {
    await create('Email Writer Pro', 'Writing', 'o3');
    await create('Email Summary', 'Business', 'GPT-4o');
    await create('Code Review with Style', 'Coding', 'GPT-4o');
    await create('Review that Email', 'Writing', 'Claude Sonnet 4');

    const facets = facetsSchema.parse((await t.app.inject({ url: '/api/facets' })).json());
    expect(facets.total).toBe(4);
    expect(facets.categories).toEqual([
      { name: 'Business', count: 1 },
      { name: 'Coding', count: 1 },
      { name: 'Writing', count: 2 },
    ]);
    expect(facets.models.map((model) => model.name)).toEqual(['Claude Sonnet 4', 'GPT-4o', 'o3']);
    expect(facets.keywords).toEqual(['email', 'review', 'code', 'style', 'summary', 'writer']);
  });

  it('shows a new prompt right after it is created', async () => {
    await create('First Prompt', 'Writing', 'o3');
    expect((await t.app.inject({ url: '/api/facets' })).json().total).toBe(1);
    await create('Second Prompt', 'Travel', 'o3');
    const facets = (await t.app.inject({ url: '/api/facets' })).json();
    expect(facets.total).toBe(2);
    expect(facets.categories.map((c: { name: string }) => c.name)).toContain('Travel');
  });
});
