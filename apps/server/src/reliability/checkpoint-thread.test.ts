import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ServerProcess } from '../testing/server-process';
import { createTestDatabase } from '../testing/test-database';

// A port from this suite's own range (4200-4299).
const PORT = 4230;
/** Prompts written through the API: a few hundred pages of the write-ahead log, far below the writer's own threshold. */
const PROMPTS = 60;

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

/**
 * The server asks for SQLite's checkpoint thread (main.ts, decision 0023):
 * its writes reach the database file within a second or two, where its
 * writer alone would keep them in the log until 10,000 pages. The unit
 * tests (db/sqlite-checkpoints.test.ts) check the thread and the writer's
 * thresholds; this checks that the server process turns it on, and that
 * SQLITE_READ_THREADS=0 (a process that wants no threads) leaves it off.
 */
describe('the server process on SQLite', () => {
  it.each([
    { settings: 'by default', threads: undefined, checkpointed: true },
    { settings: 'not with SQLITE_READ_THREADS=0', threads: '0', checkpointed: false },
  ])(
    'checkpoints its log on a thread of its own: $settings',
    async ({ threads, checkpointed }) => {
      const database = await createTestDatabase('sqlite');
      const path = database.url.slice('sqlite:'.length);
      // The migrations' pages, still in the test connection's log, go to the file first: only the server's own
      // writes can grow it afterwards.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
      const sizeBefore = statSync(path).size;
      const env: Record<string, string> = { DATABASE_URL: database.url, RATE_LIMIT: '0' };
      if (threads !== undefined) env.SQLITE_READ_THREADS = threads;
      const server = new ServerProcess(PORT, env);
      try {
        await server.start();
        for (let index = 0; index < PROMPTS; index += 1) {
          const response = await server.post('/api/prompts', {
            title: `Checkpointed prompt ${index}`,
            prompt: `Write a checklist number ${index} about ${'log pages '.repeat(40)}`,
            category: 'Writing',
            model: 'o3',
          });
          expect(response.status, server.log).toBe(201);
        }
        // The thread checkpoints every second; without it, nothing does for the whole wait.
        expect(await until(() => statSync(path).size > sizeBefore, 8000), server.log).toBe(checkpointed);
      } finally {
        await server.stop();
        await database.close();
      }
    },
    60_000,
  );
});
