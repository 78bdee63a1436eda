import { type Prompt, promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSampleData } from '../db/seed';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp } from '../testing/test-app';

const valid = { title: 'Weekly Review', prompt: 'Help me review my week.', category: 'Productivity', model: 'GPT-4o' };

/** Categories and models are one value however they are spelled: case, spaces and punctuation do not count. */
describe.each(TEST_DIALECTS)('category and model spellings on %s', (dialect) => {
  let t: TestApp;
  let serial = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function share(fields: Partial<typeof valid>): Promise<Prompt> {
    serial += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { ...valid, title: `Prompt ${serial}`, prompt: `Text number ${serial}.`, ...fields },
    });
    expect(response.statusCode).toBe(201);
    return promptSchema.parse(response.json());
  }

  const facets = async () =>
    (await t.app.inject({ url: '/api/facets' })).json() as {
      categories: { name: string; count: number }[];
      models: { name: string; count: number }[];
    };

  it('stores a new spelling of an existing value as the existing spelling', async () => {
    await share({ category: 'Coding', model: 'GPT-4o' });
    const second = await share({ category: 'coding', model: 'gpt 4o' });
    expect(second).toMatchObject({ category: 'Coding', model: 'GPT-4o' });
    const third = await share({ category: '  CODING ', model: 'Gpt_4O' });
    expect(third).toMatchObject({ category: 'Coding', model: 'GPT-4o' });

    expect((await t.app.inject({ url: `/api/prompts/${third._id}` })).json()).toMatchObject({ category: 'Coding', model: 'GPT-4o' });
    expect((await facets()).categories).toEqual([{ name: 'Coding', count: 3 }]);
    expect((await facets()).models).toEqual([{ name: 'GPT-4o', count: 3 }]);
    const analytics = (await t.app.inject({ url: '/api/analytics' })).json();
    expect(analytics.modelStats).toEqual([{ name: 'GPT-4o', promptCount: 3 }]);
    // The library's exact filter finds all three under the one spelling.
    expect((await t.app.inject({ url: '/api/prompts?category=Coding' })).json()).toHaveLength(3);
  });

  it('keeps values apart that differ in more than case, spaces and punctuation', async () => {
    await share({ category: 'C', model: 'GPT-4o' });
    await share({ category: 'C#', model: 'GPT-4o mini' });
    await share({ category: 'C++', model: 'GPT-4' });
    const names = await facets();
    expect(names.categories.map((c) => c.name)).toEqual(['C', 'C#', 'C++']);
    expect(names.models.map((m) => m.name).sort()).toEqual(['GPT-4', 'GPT-4o', 'GPT-4o mini']);
  });

  it('matches spellings already in the library that were written without the API (the sample data)', async () => {
    await seedSampleData(t.database.db);
    const before = await facets();
    const created = await share({ category: 'data analysis', model: 'claude sonnet-4' });
    expect(created).toMatchObject({ category: 'Data Analysis', model: 'Claude Sonnet 4' });
    const after = await facets();
    expect(after.categories.map((c) => c.name)).toEqual(before.categories.map((c) => c.name));
    expect(after.models.map((m) => m.name)).toEqual(before.models.map((m) => m.name));
  });

  it('gives two concurrent submissions of two spellings of one new value one spelling', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([
        share({ category: `Legal Drafting ${round}`, model: `Local Model ${round}` }),
        share({ category: `legal-drafting ${round}`, model: `local_model ${round}` }),
      ]);
      expect(a?.category).toBe(b?.category);
      expect(a?.model).toBe(b?.model);
      expect([`Legal Drafting ${round}`, `legal-drafting ${round}`]).toContain(a?.category);
    }
    const names = await facets();
    expect(names.categories.filter((c) => c.name.toLowerCase().startsWith('legal'))).toHaveLength(3);
    expect(names.categories.filter((c) => c.name.toLowerCase().startsWith('legal')).every((c) => c.count === 2)).toBe(true);
  });

  it('does not take its spelling from a submission that was refused as a duplicate', async () => {
    await share({ title: 'Same', prompt: 'Same text', category: 'Writing' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { ...valid, title: 'Same', prompt: 'Same text', category: 'travel planning' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await share({ category: 'Travel Planning' })).category).toBe('Travel Planning');
  });
});
