import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema';
import type { SqliteReadPool } from './sqlite-read-pool';
import { sqliteReadPoolDialect } from './sqlite-read-pool-dialect';

describe('the SQLite read pool dialect', () => {
  it('hands the pool every query at once, so its threads can run them side by side', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    // Each answer comes once the microtasks run out, as a thread's message does: by then every query
    // Kysely let through has arrived.
    const pool = {
      query: () => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        return new Promise<unknown[]>((resolve) =>
          setImmediate(() => {
            inFlight -= 1;
            resolve([{ n: 1 }]);
          }),
        );
      },
    } as unknown as SqliteReadPool;
    const db = new Kysely<Database>({ dialect: sqliteReadPoolDialect(pool) });
    const answers = await Promise.all([1, 2, 3].map(() => sql<{ n: number }>`SELECT 1 AS n`.execute(db)));
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual([1, 1, 1]);
    expect(mostInFlight).toBe(3);
  });
});
