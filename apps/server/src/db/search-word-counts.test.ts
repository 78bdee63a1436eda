import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../testing/test-database';
import { recountSearchWords } from './search-word-counts';

describe.runIf(TEST_DIALECTS.includes('postgres'))('recountSearchWords on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives the transaction its own parallel workers' costs back after pricing them at nothing for its table of words", async () => {
    const settings = await database.db.transaction().execute(async (trx) => {
      // Values no server runs with, set for this transaction alone as a caller's own would be.
      await sql`SELECT set_config('parallel_setup_cost', '1234', true), set_config('parallel_tuple_cost', '0.5', true)`.execute(trx);
      await recountSearchWords(trx);
      const { rows } = await sql<{ setup: string; tuple: string }>`
        SELECT current_setting('parallel_setup_cost') AS setup, current_setting('parallel_tuple_cost') AS tuple`.execute(trx);
      return rows[0];
    });
    expect(settings).toEqual({ setup: '1234', tuple: '0.5' });
  });
});
