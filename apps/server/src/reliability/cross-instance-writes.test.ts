import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Analytics, Facets, Prompt } from '@prompt-vault/shared/schemas';
import { describe, expect, it } from 'vitest';
import { READ_CACHE_TTL_MS } from '../cache/read-cache';
import { ServerProcess } from '../testing/server-process';
import { uniqueRedisNamespace, userId } from '../testing/test-app';
import { type TestDatabase, createTestDatabase, processDatabaseUrl } from '../testing/test-database';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** The target of Prompt Vault issue 16: a write on one instance shows on every other within this, with Redis. */
const VISIBLE_WITHIN_MS = 100;
const POLL_EVERY_MS = 5;
const ADMIN_TOKEN = 'cross-instance-admin-token-0123';
const VISITOR = userId('cross1');
const ROOT = new URL('../../../../', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;
const run = promisify(execFile);

/** A list page as one visitor sees it on one instance (the page the test times: one request per poll). */
async function pageView(server: ServerProcess) {
  const page = await fetch(`${server.baseUrl}/api/prompts?limit=48`, { headers: { 'user-id': VISITOR } });
  const prompts = (await page.json()) as Prompt[];
  return { page: (id: string) => prompts.find((prompt) => prompt._id === id), total: Number(page.headers.get('x-total-count')) };
}
type PageView = Awaited<ReturnType<typeof pageView>>;

/** Every cached view of one instance: the list page, the unpaged list, facets and analytics. */
async function view(server: ServerProcess) {
  const get = (path: string) => fetch(`${server.baseUrl}${path}`).then((response) => response.json() as Promise<unknown>);
  const [page, unpaged, facets, analytics] = await Promise.all([
    pageView(server),
    get('/api/prompts') as Promise<Prompt[]>,
    get('/api/facets') as Promise<Facets>,
    get('/api/analytics') as Promise<Analytics>,
  ]);
  return { ...page, unpaged: (id: string) => unpaged.find((prompt) => prompt._id === id), facets, analytics };
}
type View = Awaited<ReturnType<typeof view>>;

/** Milliseconds from now until `shows` holds for `server`'s list page (read every POLL_EVERY_MS), or undefined after `limitMs`. */
async function timeUntil(server: ServerProcess, shows: (seen: PageView) => boolean, limitMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (shows(await pageView(server))) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return undefined;
}

async function post(server: ServerProcess, path: string, body: object, headers: Record<string, string> = {}) {
  const response = await server.post(path, body, headers);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const createPrompt = async (server: ServerProcess, title: string) =>
  String((await post(server, '/api/prompts', { title, prompt: `${title} prompt`, category: 'Coding', model: 'GPT-4' }))._id);

/** Two server processes on one database (and the given Redis), as behind a load balancer. */
async function twoInstances(database: TestDatabase, ports: [number, number], env: Record<string, string>) {
  const shared = { DATABASE_URL: processDatabaseUrl(database), RATE_LIMIT: '0', ADMIN_TOKEN, ...env };
  const servers = ports.map((port) => new ServerProcess(port, shared));
  try {
    await Promise.all(servers.map((server) => server.start()));
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    throw error;
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  return { a, b, env: shared, stop: () => Promise.all(servers.map((server) => server.stop())) };
}

describe.runIf(Boolean(databaseUrl && redisUrl))('two server processes on one PostgreSQL and one Redis', () => {
  it(`show each other's writes within ${VISIBLE_WITHIN_MS} ms`, async () => {
    const database = await createTestDatabase('postgres', { poolSize: 2 });
    const { a, b, env, stop } = await twoInstances(database, [4270, 4271], {
      REDIS_URL: redisUrl ?? '',
      REDIS_NAMESPACE: uniqueRedisNamespace(),
    });
    try {
      const first = await createPrompt(a, 'First shared prompt');
      const second = await createPrompt(a, 'Second shared prompt');
      let added = '';

      /**
       * Each write, how B's list page shows it (timed: the page a visitor
       * reloads) and how its other views do (checked once the page shows it:
       * the same announcement made them all stale).
       */
      const writes: Array<{
        name: string;
        write: () => Promise<unknown>;
        onPage: (before: View, now: PageView) => boolean;
        elsewhere: (before: View, now: View) => boolean;
      }> = [
        {
          name: 'a like',
          write: () => post(a, `/api/prompts/${first}/like`, { liked: true }, { 'user-id': VISITOR }),
          onPage: (before, now) => now.page(first)?.liked === true && now.page(first)?.likes === (before.page(first)?.likes ?? 0) + 1,
          elsewhere: (before, now) => now.unpaged(first)?.likes === (before.unpaged(first)?.likes ?? 0) + 1,
        },
        {
          name: 'a copy',
          write: () => post(a, `/api/prompts/${first}/copy`, {}),
          onPage: (before, now) => now.page(first)?.copyCount === (before.page(first)?.copyCount ?? 0) + 1,
          elsewhere: (before, now) => now.unpaged(first)?.copyCount === (before.unpaged(first)?.copyCount ?? 0) + 1,
        },
        {
          name: 'a note',
          write: () => post(a, `/api/comments/${first}`, { text: 'Works well across instances.' }),
          onPage: (before, now) => now.page(first)?.commentCount === (before.page(first)?.commentCount ?? 0) + 1,
          elsewhere: (before, now) => now.unpaged(first)?.commentCount === (before.unpaged(first)?.commentCount ?? 0) + 1,
        },
        {
          name: 'a new prompt',
          write: async () => (added = await createPrompt(a, 'Third shared prompt')),
          onPage: (before, now) => now.page(added) !== undefined && now.total === before.total + 1,
          elsewhere: (before, now) =>
            now.unpaged(added) !== undefined &&
            now.facets.total === before.facets.total + 1 &&
            now.analytics.overview.totalPrompts === before.analytics.overview.totalPrompts + 1,
        },
        {
          name: 'a prompt hidden through the admin API',
          write: () => post(a, `/api/admin/prompts/${second}/hide`, {}, { authorization: `Bearer ${ADMIN_TOKEN}` }),
          onPage: (before, now) => now.page(second) === undefined && now.total === before.total - 1,
          elsewhere: (before, now) =>
            now.unpaged(second) === undefined &&
            now.facets.total === before.facets.total - 1 &&
            now.analytics.overview.totalPrompts === before.analytics.overview.totalPrompts - 1,
        },
        {
          name: 'a prompt shown again from the admin CLI',
          write: () => run(TSX, ['apps/server/cli/admin.ts', 'unhide', second], { cwd: ROOT, env: { ...process.env, ...env } }),
          onPage: (before, now) => now.page(second) !== undefined && now.total === before.total + 1,
          elsewhere: (before, now) => now.unpaged(second) !== undefined && now.facets.total === before.facets.total + 1,
        },
      ];

      for (const { name, write, onPage, elsewhere } of writes) {
        // Both instances hold every view in their caches before the write.
        await view(a);
        const before = await view(b);
        await write();
        const elapsed = await timeUntil(b, (now) => onPage(before, now), 5 * VISIBLE_WITHIN_MS);
        const measured = elapsed === undefined ? 'over 500 ms' : `${elapsed.toFixed(1)} ms`;
        expect(elapsed, `${name} on instance A took ${measured} to show on instance B's list page`).toBeLessThanOrEqual(VISIBLE_WITHIN_MS);
        expect(elsewhere(before, await view(b)), `${name}: B's other views`).toBe(true);
      }
    } catch (error) {
      throw new Error(`${String(error)}\nA's log: ${a.log}\nB's log: ${b.log}`, { cause: error });
    } finally {
      await stop();
      await database.close();
    }
  }, 90_000);

  it("converge within the caches' TTL when Redis cannot be reached", async () => {
    const database = await createTestDatabase('postgres', { poolSize: 2 });
    // Nothing listens on port 1: both start, warn, and serve from their own caches.
    const { a, b, stop } = await twoInstances(database, [4272, 4273], { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const id = await createPrompt(a, 'Liked without Redis');
      const before = await pageView(b);
      await post(a, `/api/prompts/${id}/like`, { liked: true }, { 'user-id': VISITOR });
      const likedOnB = (now: PageView) => now.page(id)?.likes === (before.page(id)?.likes ?? 0) + 1;
      // B's cached page is still the one from before the like: the like reaches it only through the TTL.
      expect(likedOnB(await pageView(b))).toBe(false);
      const elapsed = await timeUntil(b, likedOnB, READ_CACHE_TTL_MS + 1000);
      expect(elapsed, 'the like never showed on instance B').toBeDefined();
      expect(b.log).toContain('cache announcements (subscription) down');
    } finally {
      await stop();
      await database.close();
    }
  }, 60_000);
});
