import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, userId } from '../testing/test-app';
import { TEST_DIALECTS, createTestDatabase } from '../testing/test-database';

// Statements marked with preparedStatement() run as named prepared
// statements on PostgreSQL (parsed and planned once per connection).
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('prepared statements on postgres', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('prepares the like and unlike statements once on the connection and reuses them', async () => {
    // One connection, so the like requests and the check below share its session.
    t = await createTestApp('postgres', {}, { database: await createTestDatabase('postgres', { poolSize: 1 }) });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Prepared', prompt: 'Text', category: 'Writing', model: 'o3' },
    });
    const id = created.json()._id as string;
    const like = async (user: number, liked: boolean) =>
      (
        await t?.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(user) }, payload: { liked } })
      )?.json();
    expect(await like(1, true)).toEqual({ likes: 1, liked: true });
    expect(await like(2, true)).toEqual({ likes: 2, liked: true });
    expect(await like(1, false)).toEqual({ likes: 1, liked: false });
    const prepared = await sql<{ name: string; calls: number }>`
      SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements ORDER BY name`.execute(t.database.db);
    expect(prepared.rows).toEqual([
      { name: 'set-like', calls: 2 },
      { name: 'set-unlike', calls: 1 },
    ]);
  });
});
