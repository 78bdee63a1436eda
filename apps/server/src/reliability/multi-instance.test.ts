import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { counterMismatches, summaryMismatches } from '../fuzz/invariants';
import { uniqueRedisNamespace, userId } from '../testing/test-app';
import { startTwoInstances } from '../testing/two-instances';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances of the app, as behind a load balancer: one PostgreSQL schema, one Redis, separate pools and clients. */
describe.runIf(Boolean(databaseUrl && redisUrl))('two instances on one PostgreSQL and one Redis', () => {
  it('share one rate-limit budget and count concurrent likes exactly', async () => {
    const env = {
      RATE_LIMIT: '1',
      REDIS_URL: redisUrl ?? '',
      RATE_LIMIT_READS: '6/1m',
      RATE_LIMIT_LIKES: '100000/1m',
      RATE_LIMIT_SUBMIT: '100/1m',
      REDIS_NAMESPACE: uniqueRedisNamespace(),
    };
    const instances = await startTwoInstances(env);
    const shared = instances.database;
    try {
      const [a, b] = instances.apps;

      // Six reads in all, alternating between the instances, then both refuse.
      for (let index = 0; index < 6; index += 1) {
        expect((await (index % 2 === 0 ? a : b).inject({ url: '/api/facets' })).statusCode, `read ${index}`).toBe(200);
      }
      for (const app of [a, b]) {
        const limited = await app.inject({ url: '/api/facets' });
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toBe('RATE_LIMITED');
      }

      const created = await a.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title: 'Shared', prompt: 'P', category: 'C', model: 'M' },
      });
      const id = created.json()._id as string;
      // 300 visitors like it through both instances at once, each twice (once
      // per instance: idempotent), and every third takes it back.
      const like = (app: FastifyInstance, user: string, liked: boolean) =>
        app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': user }, payload: { liked } });
      // In waves of 40 concurrent requests, so the two pools of 10 are contended but never time out.
      type Answer = Awaited<ReturnType<typeof like>>;
      const inWaves = async (requests: Array<() => Promise<Answer>>) => {
        const responses: Answer[] = [];
        for (let start = 0; start < requests.length; start += 40) {
          responses.push(...(await Promise.all(requests.slice(start, start + 40).map((send) => send()))));
        }
        return responses;
      };
      const users = Array.from({ length: 300 }, (_, index) => userId(`multi${index}`));
      const first = await inWaves(
        users.flatMap((user, index) => [() => like(index % 2 ? a : b, user, true), () => like(index % 2 ? b : a, user, true)]),
      );
      expect(
        first
          .filter((response) => response.statusCode !== 200)
          .map((response) => `${response.statusCode} ${response.body}`)
          .slice(0, 3),
      ).toEqual([]);
      const leaving = users.filter((_, index) => index % 3 === 0);
      const second = await inWaves(leaving.flatMap((user) => [() => like(a, user, false), () => like(b, user, false)]));
      expect(second.every((response) => response.statusCode === 200)).toBe(true);

      const expected = users.length - leaving.length;
      const counts = await shared.db.selectFrom('prompts').select(['like_count']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(counts.like_count).toBe(expected);
      expect(await counterMismatches(shared.db)).toEqual([]);
      expect(await summaryMismatches(shared.db)).toEqual([]);
    } finally {
      await instances.close();
    }
  });
});
