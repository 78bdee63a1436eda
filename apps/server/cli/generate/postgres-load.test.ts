import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresClient } from './postgres-load';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('postgresClient', () => {
  it('outlives its connection being dropped while idle, and rejects the next query', async () => {
    const client = postgresClient(url ?? '');
    await client.connect();
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = (client as pg.Client & { processID: number }).processID;
      const { rows } = await admin.query<{ terminated: boolean }>('SELECT pg_terminate_backend($1) AS terminated', [pid]);
      expect(rows).toEqual([{ terminated: true }]);
    } finally {
      await admin.end();
    }
    // The 'error' event comes before 'end'; with no listener it would have been an uncaught exception.
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
  });
});
