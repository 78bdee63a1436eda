import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { listPrompts } from '../prompts/read-repository';
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

  it("prepares the likes' batch statement once on the connection and reuses it", async () => {
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
    // Each like awaited before the next: three batches of one (setPostgresLikes).
    expect(prepared.rows).toEqual([{ name: 'set-likes', calls: 3 }]);
  });

  it('prepares a search page that looks up each match, by its shape, and not one that walks its order or a short word', async () => {
    // One connection for long reads, where searches run, so the check below shares its session.
    const database = await createTestDatabase('postgres', { longReadConnections: 1 });
    t = await createTestApp('postgres', {}, { database });
    for (const title of ['Zanzibar spice tour', 'Zanzibar beach day', 'Harbour walk']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title, prompt: `Plan a ${title.toLowerCase()}.`, category: 'Writing', model: 'o3' },
      });
      expect(created.statusCode).toBe(201);
    }
    // Needles never searched before, as the bench's distinct searches are: each reads its match list and its page.
    // Two of 3 characters or more, lists of different lengths; one of two letters, whose list is planned for it.
    const found: string[][] = [];
    for (const q of ['zanzibar', 'harbour', 'ha']) {
      const page = await t.app.inject({ method: 'GET', url: `/api/prompts?limit=10&q=${q}` });
      found.push((page.json() as { _id: string }[]).map((prompt) => prompt._id));
    }
    expect(found.map((ids) => ids.length)).toEqual([2, 1, 1]);
    // With a category beside the search, a generic plan might start from the category and test the list row by row.
    // It reads its own match list, the statement's third run: a search with nothing beside it is counted on past
    // its list's limit, and is kept under another key (decision 0021).
    const inCategory = await t.app.inject({ method: 'GET', url: '/api/prompts?limit=10&q=zanzibar&category=Writing' });
    expect((inCategory.json() as { _id: string }[]).map((prompt) => prompt._id)).toEqual(found[0]);
    // A page walking its order, testing each prompt against the list: PostgreSQL hashes a list planned as a value,
    // not one a generic plan holds as a parameter, so it must be planned for its list each time.
    const walked = await listPrompts(
      database.longReads,
      'postgres',
      { q: 'zanzibar' },
      { sort: 'newest', limit: 10, searchStrategy: { matches: found[0] ?? [], walkOrder: true } },
      undefined,
    );
    expect(walked.map((row) => row.id)).toEqual(found[0]);
    const prepared = await sql<{ name: string; calls: number }>`
      SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements ORDER BY name`.execute(database.longReads);
    expect(prepared.rows.map(({ name, calls }) => ({ name: name.replace(/-[0-9a-f]{16}$/, '-<shape>'), calls }))).toEqual([
      { name: 'match-page-<shape>', calls: 3 },
      { name: 'word-match-list', calls: 3 },
    ]);
  });
});
