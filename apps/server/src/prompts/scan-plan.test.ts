import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresQueryPlan } from '../testing/query-plan';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../testing/test-database';
import { sortedPageQuery } from './read-repository';

/** Enough prompts that reading them all costs the planner more than walking an index. */
const PROMPTS = 5000;

// A common needle's page walks its order's index, testing each prompt ('scan' in search.ts). PostgreSQL's
// statistics leave out texts over 1 KB, as many prompts are, and it then guesses how rare a needle is from its
// length: a phrase of two words it guesses in a few prompts, yet the page must still walk.
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('a common needle scanned on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await sql`
      INSERT INTO prompts (id, title, prompt, category, model, created_at)
      SELECT 'p' || n, 'Tool ' || n, 'An open source tool, number ' || n || '. ' || repeat('Explain each step. ', 60), 'Coding', 'o3',
        to_char(timestamp '2026-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(1, ${PROMPTS}) AS n`.execute(database.db);
    // VACUUM sets the visibility map, which lets a walk read an index alone (as the generator's VACUUM does).
    await sql`VACUUM ANALYZE prompts`.execute(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it.each(['newest', 'likes_desc'] as const)('walks the %s order for a phrase in every prompt', async (sort) => {
    const query = sortedPageQuery(database.db, 'postgres', { q: 'open source' }, { sort, limit: 49, searchStrategy: 'scan' }, undefined);
    const plan = await postgresQueryPlan(database.db, query);
    expect(plan).toMatch(/Index Scan Backward using prompts_(created|likes)_idx/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
    const rows = await query.execute();
    expect(rows).toHaveLength(49);
  });

  it.each(['newest', 'likes_desc'] as const)(
    'walks the %s order for a match list reading the index alone, then reads the rows of the page',
    async (sort) => {
      // Every tenth prompt, the newest last in the list, as a search's match list names them (any order).
      const matches = Array.from({ length: PROMPTS / 10 }, (_, index) => `p${(index + 1) * 10}`);
      const page = { sort, limit: 49, searchStrategy: { matches, walkOrder: true } };
      const query = sortedPageQuery(database.db, 'postgres', { q: 'open source' }, page, undefined);
      const plan = await postgresQueryPlan(database.db, query);
      const orderIndex = sort === 'newest' ? 'prompts_created_idx' : 'prompts_likes_idx';
      expect(plan).toContain(`Index Only Scan Backward using ${orderIndex}`);
      expect(plan).toMatch(/Index Scan using prompts_pkey/);
      expect(plan).not.toMatch(/Seq Scan/);
      const rows = await query.execute();
      // Newest first: the highest numbers. Every like count is 0, so the likes order falls back on the ids,
      // descending; ids of "p" and digits sort the same in byte order and in any locale's collation.
      const expected =
        sort === 'newest' ? matches.slice(-49).reverse() : [...matches].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)).slice(0, 49);
      expect(rows.map((row) => row.id)).toEqual(expected);
    },
  );
});
