import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresClient } from './postgres-load';

const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('postgresClient', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('outlives its connection being dropped while idle, names the cause once, and rejects the next query', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = postgresClient(url);
    await client.connect();
    try {
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
      // pg emits 'error' (twice: the FATAL message, then the socket's end) before 'end'. With no listener the
      // first is an uncaught exception: Vitest reports it and this test fails, waiting for 'end' in vain.
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable/);
      expect(stderr.mock.calls).toEqual([
        [expect.stringMatching(/^PostgreSQL connection lost: terminating connection due to administrator command/)],
      ]);
    } finally {
      await client.end();
    }
  });
});
