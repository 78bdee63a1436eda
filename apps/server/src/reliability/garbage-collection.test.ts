import { describe, expect, it } from 'vitest';
import { ServerProcess } from '../testing/server-process';
import { userId } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';

// A port from this suite's own range (4200-4299).
const PORT = 4220;
const ROUNDS = 40;
/**
 * A full collection every few milliseconds makes this test's time follow the
 * machine's speed: 22-27 s on session 25's slow machine, once past the suite's
 * 30 s. It checks that the process survives and exits cleanly, not how fast.
 */
const TIMEOUT_MS = 120_000;

/**
 * Queries of as many shapes as the API has: each shape is its own SQL text,
 * so together they pass the SQLite statement cache's 200 entries and the
 * statements it evicts become garbage while the server runs.
 */
function churnPaths(round: number, promptId: string): string[] {
  const sorts = ['likes_desc', 'likes_asc', 'newest', 'copies_desc'];
  const sort = sorts[round % sorts.length] ?? 'newest';
  const needle = ['gc', 'ü', 'round', `r${round}`, 'zz'][round % 5] ?? 'gc';
  return [
    `/api/prompts?limit=${1 + (round % 50)}&sort=${sort}`,
    `/api/prompts?q=${encodeURIComponent(needle)}&limit=10&sort=${sort}`,
    `/api/prompts?category=GC${round % 3}&model=M${round % 2}&sort=${sort}&limit=5`,
    `/api/prompts?liked=true&sort=${sort}&limit=7`,
    `/api/prompts/${promptId}`,
    `/api/comments/${promptId}`,
    '/api/facets',
    '/api/analytics',
    '/feed.xml',
    '/sitemap.xml',
  ];
}

/**
 * Node 24.19 changed how native objects are finalized, and better-sqlite3 12
 * aborted the whole process (SIGABRT, "Assertion failed: (env) != nullptr")
 * whenever a garbage-collected statement was destroyed: at start-up, under
 * load, or at exit. The crash came from a finalizer, not from a query, so
 * this runs the real server with a full collection every few milliseconds
 * while requests of every shape churn through its statements, then stops it.
 */
describe('garbage collection in the server process', () => {
  it(
    'survives forced collections during statement churn and exits cleanly',
    async () => {
      const database = await createTestDatabase('sqlite');
      const server = new ServerProcess(
        PORT,
        { DATABASE_URL: database.url, RATE_LIMIT: '0', SERVE_WEB: '0', PUBLIC_URL: 'http://127.0.0.1' },
        ['--expose-gc', '--import', './src/testing/force-gc.ts'],
      );
      try {
        await server.start();
        const statuses = new Map<number, number>();
        const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
        for (let round = 0; round < ROUNDS; round += 1) {
          const created = await server.post('/api/prompts', {
            title: `GC round ${round}`,
            prompt: `Statement churn, round ${round}`,
            category: `GC${round % 3}`,
            model: `M${round % 2}`,
          });
          count(created.status);
          const { _id: promptId } = (await created.json()) as { _id: string };
          const writes = [
            server.post(`/api/prompts/${promptId}/like`, { liked: true }, { 'user-id': userId(round) }),
            server.post(`/api/prompts/${promptId}/copy`, undefined, { 'user-id': userId(round) }),
            server.post(`/api/comments/${promptId}`, { text: `Note ${round}` }),
          ];
          const reads = churnPaths(round, promptId).map((path) =>
            fetch(`${server.baseUrl}${path}`, { headers: { 'user-id': userId(round) } }),
          );
          for (const response of await Promise.all([...writes, ...reads])) {
            count(response.status);
            await response.arrayBuffer();
          }
        }
        // Every request was answered (a crash would have refused the rest), and none failed.
        expect(Object.fromEntries(statuses)).toEqual({ 200: ROUNDS * 12, 201: ROUNDS * 2 });
        // Shutdown closes the database and finalizes what is left: a clean exit, not an abort.
        expect(await server.stop('SIGTERM')).toBe(0);
        expect(await server.exitSignal()).toBeNull();
      } finally {
        server.kill('SIGKILL');
        await database.close();
      }
    },
    TIMEOUT_MS,
  );
});
