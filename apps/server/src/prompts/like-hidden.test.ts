import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId } from '../testing/test-app';

// PostgreSQL changes a like in one statement, SQLite in a transaction; both
// must refuse a hidden prompt without touching its rows or counter.
describe.each(TEST_DIALECTS)('liking a hidden prompt on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 404 to like and unlike and leaves its likes as they were', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Hidden', prompt: 'Text.', category: 'Writing', model: 'o3' },
    });
    const id = created.json()._id as string;
    const like = (user: number, liked: boolean) =>
      t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(user) }, payload: { liked } });
    expect((await like(1, true)).json()).toEqual({ likes: 1, liked: true });
    await t.database.db.updateTable('prompts').set({ status: 'hidden' }).where('id', '=', id).execute();

    expect((await like(1, false)).statusCode).toBe(404);
    expect((await like(2, true)).statusCode).toBe(404);
    const row = await t.database.db.selectFrom('prompts').select('like_count').where('id', '=', id).executeTakeFirstOrThrow();
    const likes = await t.database.db.selectFrom('likes').select('user_id').where('prompt_id', '=', id).execute();
    expect(row.like_count).toBe(1);
    expect(likes).toEqual([{ user_id: userId(1) }]);
  });
});
