import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import {
  counterMismatches,
  searchGramMismatches,
  searchVocabularyMismatches,
  searchWordCountMismatches,
  summaryMismatches,
} from '../fuzz/invariants';
import { ServerProcess } from '../testing/server-process';
import { userId } from '../testing/test-app';
import { TEST_DIALECTS, createTestDatabase, processDatabaseUrl } from '../testing/test-database';

// Ports from this suite's own range (4200-4299), one per database.
const PORTS: Record<Dialect, number> = { sqlite: 4210, postgres: 4211 };
const WORKERS = 8;
const LOAD_MS = 1500;

interface Acknowledged {
  prompts: string[];
  likes: Array<{ promptId: string; userId: string }>;
  copies: Map<string, number>;
  comments: string[];
}

/** Writes from several workers until stopped; only 2xx answers count as acknowledged. */
async function writeLoad(baseUrl: string, seedIds: string[], until: () => boolean): Promise<Acknowledged & { attempts: number }> {
  const acked: Acknowledged = { prompts: [], likes: [], copies: new Map(), comments: [] };
  let attempts = 0;
  let sequence = 0;
  const post = async (path: string, body: unknown, user?: string) => {
    attempts += 1;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(user ? { 'user-id': user } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return undefined;
      return (await response.json()) as Record<string, unknown>;
    } catch {
      // Killed mid-request: not acknowledged.
      return undefined;
    }
  };
  const worker = async (workerIndex: number) => {
    while (!until()) {
      sequence += 1;
      const n = sequence;
      const ids = [...seedIds, ...acked.prompts];
      const target = ids[n % ids.length] ?? '';
      switch (n % 4) {
        case 0: {
          const created = await post('/api/prompts', {
            title: `Crash ${n}`,
            prompt: `Written under load ${n}`,
            category: 'Load',
            model: `W${workerIndex}`,
          });
          if (created) acked.prompts.push(String(created._id));
          break;
        }
        case 1: {
          // A fresh visitor per like, so every acknowledged like is its own row.
          const user = userId(`crash${n}`);
          if (await post(`/api/prompts/${target}/like`, { liked: true }, user)) acked.likes.push({ promptId: target, userId: user });
          break;
        }
        case 2: {
          if (await post(`/api/prompts/${target}/copy`, undefined)) acked.copies.set(target, (acked.copies.get(target) ?? 0) + 1);
          break;
        }
        default: {
          const comment = await post(`/api/comments/${target}`, { text: `note ${n}` });
          if (comment) acked.comments.push(String(comment._id));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  return { ...acked, attempts };
}

async function missing(db: Kysely<Database>, acked: Acknowledged): Promise<string[]> {
  const lost: string[] = [];
  const promptIds = new Set((await db.selectFrom('prompts').select('id').execute()).map((row) => row.id));
  for (const id of acked.prompts) if (!promptIds.has(id)) lost.push(`prompt ${id}`);
  const likes = new Set(
    (await db.selectFrom('likes').select(['prompt_id', 'user_id']).execute()).map((row) => `${row.prompt_id} ${row.user_id}`),
  );
  for (const like of acked.likes) if (!likes.has(`${like.promptId} ${like.userId}`)) lost.push(`like ${like.promptId} ${like.userId}`);
  const copies = await db
    .selectFrom('copies')
    .select(['prompt_id', sql<number>`count(*)`.as('count')])
    .groupBy('prompt_id')
    .execute();
  const copyCounts = new Map(copies.map((row) => [row.prompt_id, Number(row.count)]));
  // A copy answered after the kill never happened; one acknowledged must be there.
  for (const [id, count] of acked.copies) if ((copyCounts.get(id) ?? 0) < count) lost.push(`copies of ${id}`);
  const comments = new Set((await db.selectFrom('comments').select('id').execute()).map((row) => row.id));
  for (const id of acked.comments) if (!comments.has(id)) lost.push(`note ${id}`);
  return lost;
}

describe.each(TEST_DIALECTS)('crash consistency on %s', (dialect) => {
  it('keeps every write acknowledged with 2xx when the server is killed with SIGKILL mid-load', async () => {
    const database = await createTestDatabase(dialect);
    const env = { DATABASE_URL: processDatabaseUrl(database), RATE_LIMIT: '0' };
    const server = new ServerProcess(PORTS[dialect], env);
    let restarted: ServerProcess | undefined;
    try {
      await server.start();
      const seedIds: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const response = await server.post('/api/prompts', { title: `Seed ${index}`, prompt: 'seed', category: 'Load', model: 'Seed' });
        seedIds.push(String(((await response.json()) as { _id: string })._id));
      }

      let killed = false;
      const started = Date.now();
      const killer = new Promise<void>((resolve) =>
        setTimeout(() => {
          server.kill('SIGKILL');
          killed = true;
          resolve();
        }, LOAD_MS),
      );
      const acked = await writeLoad(server.baseUrl, seedIds, () => killed || Date.now() - started > LOAD_MS + 5000);
      await killer;
      // Killed outright: no shutdown hook ran.
      expect(await server.exitSignal()).toBe('SIGKILL');
      const acknowledged =
        acked.prompts.length + acked.likes.length + acked.comments.length + [...acked.copies.values()].reduce((a, b) => a + b, 0);
      expect(acknowledged).toBeGreaterThan(20);

      restarted = new ServerProcess(PORTS[dialect], env);
      await restarted.start();
      const lost = await missing(database.db, acked);
      expect(lost).toEqual([]);
      expect(await counterMismatches(database.db)).toEqual([]);
      expect(await summaryMismatches(database.db)).toEqual([]);
      expect(await searchGramMismatches(database.db)).toEqual([]);
      expect(await searchVocabularyMismatches(database.db)).toEqual([]);
      expect(await searchWordCountMismatches(database.db)).toEqual([]);
      // The restarted server serves what was written.
      const listed = (await (await fetch(`${restarted.baseUrl}/api/prompts`)).json()) as Array<{ _id: string }>;
      const listedIds = new Set(listed.map((prompt) => prompt._id));
      expect(acked.prompts.every((id) => listedIds.has(id))).toBe(true);
      console.info(
        `crash test on ${dialect}: ${acked.attempts} writes attempted, ${acknowledged} acknowledged ` +
          `(${acked.prompts.length} prompts, ${acked.likes.length} likes, ${[...acked.copies.values()].reduce((a, b) => a + b, 0)} copies, ${acked.comments.length} notes), ` +
          `${acknowledged - lost.length} kept after SIGKILL and restart`,
      );
      expect(await restarted.stop('SIGTERM')).toBe(0);
    } finally {
      await server.stop('SIGKILL');
      await restarted?.stop('SIGKILL');
      await database.close();
    }
  }, 90_000);
});
