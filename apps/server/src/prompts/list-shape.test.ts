import { promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId } from '../testing/test-app';

// The list route serializes without zod (routes.ts), so this checks what zod
// would have: every item has exactly the Prompt fields, of the right types.
describe.each(TEST_DIALECTS)('GET /api/prompts answer shape on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Shape', prompt: 'Text.', category: 'Writing', model: 'o3' },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it.each(['', '?limit=10', '?limit=10&q=sha', '?limit=10&category=Writing'])('has exactly the Prompt fields for %s', async (query) => {
    for (const headers of [{}, { 'user-id': userId(1) }]) {
      const response = await t.app.inject({ url: `/api/prompts${query}`, headers });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const items = response.json() as unknown[];
      expect(items).toHaveLength(1);
      for (const item of items) {
        expect(promptSchema.strict().safeParse(item).success).toBe(true);
      }
    }
  });
});
