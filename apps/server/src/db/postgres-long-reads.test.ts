import { availableParallelism } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultLongReads } from '../config';
import { type DatabaseHandle, connectDatabase } from './connect';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('long reads on PostgreSQL have connections of their own', () => {
  let database: DatabaseHandle;

  beforeEach(() => {
    database = connectDatabase({ kind: 'postgres', url: url ?? '' }, { poolSize: 2, longReadConnections: 2 });
  });
  afterEach(async () => {
    await database.close();
  });

  it('answers other queries while every long-read connection is busy', async () => {
    expect(database.longReads).not.toBe(database.db);
    const settled: string[] = [];
    // Three long reads on two connections: one waits for a connection of the long-read pool.
    const longReads = [1, 2, 3].map((n) =>
      sql`SELECT pg_sleep(0.4)`.execute(database.longReads).then(() => settled.push(`long read ${n}`)),
    );
    // Two at once, as many as the main pool holds: neither may wait for a long read.
    await Promise.all([1, 2].map((n) => sql`SELECT 1`.execute(database.db).then(() => settled.push(`query ${n}`))));
    await Promise.all(longReads);
    expect(settled.slice(0, 2).sort()).toEqual(['query 1', 'query 2']);
    expect(settled).toHaveLength(5);
  });

  it('runs one long read per core at once by default, at most four', async () => {
    const unset = connectDatabase({ kind: 'postgres', url: url ?? '' });
    try {
      const expected = defaultLongReads();
      expect(expected).toBe(Math.min(4, availableParallelism()));
      // One more than the pool holds, each marked by a sleep no other test asks for.
      const sleeps = Array.from({ length: expected + 1 }, () => sql`SELECT pg_sleep(0.517)`.execute(unset.longReads));
      await setTimeout(250);
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(0.517)' AND state = 'active'`.execute(database.db);
      expect(Number(rows[0]?.n)).toBe(expected);
      await Promise.all(sleeps);
    } finally {
      await unset.close();
    }
  });

  it('closes both pools', async () => {
    await sql`SELECT 1`.execute(database.longReads);
    await sql`SELECT 1`.execute(database.db);
    await database.close();
    await expect(sql`SELECT 1`.execute(database.longReads)).rejects.toThrow();
    await expect(sql`SELECT 1`.execute(database.db)).rejects.toThrow();
    database = connectDatabase({ kind: 'postgres', url: url ?? '' });
  });
});
