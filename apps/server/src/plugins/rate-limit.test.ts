import { MESSAGES } from '@prompt-vault/shared/messages';
import { apiErrorSchema } from '@prompt-vault/shared/schemas';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';
import { budgetFor } from './rate-limit';

// Budgets are per client and per process, so SQLite is enough here; the
// shared Redis budget across instances is tested in multi-instance.test.ts.
const ONE_PER_MINUTE = {
  RATE_LIMIT: '1',
  RATE_LIMIT_SUBMIT: '1/1m',
  RATE_LIMIT_NOTES: '1/1m',
  RATE_LIMIT_LIKES: '1/1m',
  RATE_LIMIT_COPIES: '1/1m',
  RATE_LIMIT_REPORTS: '1/1m',
  RATE_LIMIT_READS: '1/1m',
};

async function seedPrompt(env: Record<string, string>): Promise<{ t: TestApp; id: string; commentId: string }> {
  // Rows are written with limits off, then the same database is served with limits on.
  const seeder = await createTestApp('sqlite');
  const id = (
    await seeder.app.inject({ method: 'POST', url: '/api/prompts', payload: { title: 'T', prompt: 'P', category: 'C', model: 'M' } })
  ).json()._id;
  const commentId = (await seeder.app.inject({ method: 'POST', url: `/api/comments/${id}`, payload: { text: 'n' } })).json()._id;
  await seeder.app.close();
  const t = await createTestApp('sqlite', env, { database: seeder.database });
  return { t, id, commentId };
}

function expectLimited(response: Awaited<ReturnType<FastifyInstance['inject']>>, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(apiErrorSchema.strict().parse(response.json())).toEqual({
    error: 'RATE_LIMITED',
    message: MESSAGES.rateLimited(retryAfter),
  });
}

describe('rate limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('maps each route to its budget', () => {
    expect(budgetFor('POST', '/api/prompts')).toBe('submit');
    expect(budgetFor('POST', '/api/comments/:promptId')).toBe('notes');
    expect(budgetFor('POST', '/api/prompts/:id/like')).toBe('likes');
    expect(budgetFor('POST', '/api/prompts/:id/copy')).toBe('copies');
    expect(budgetFor('POST', '/api/reports')).toBe('reports');
    expect(budgetFor('GET', '/api/prompts')).toBe('reads');
    // A read sent as POST (its input is a whole draft): never the share budget.
    expect(budgetFor('POST', '/api/prompts/similar')).toBe('reads');
    expect(budgetFor('GET', '/api/comments/:promptId')).toBe('reads');
    expect(budgetFor('GET', '/api/health')).toBeUndefined();
    expect(budgetFor('GET', '/*')).toBeUndefined();
    expect(budgetFor('GET', '/')).toBeUndefined();
    expect(budgetFor('GET', '/feed.xml')).toBe('reads');
  });

  it('gives every budget its own counter, answering 429 in the one error shape with Retry-After', async () => {
    const seeded = await seedPrompt(ONE_PER_MINUTE);
    t = seeded.t;
    const { id, commentId } = seeded;
    const requests: Record<string, InjectOptions[]> = {
      submit: [{ method: 'POST', url: '/api/prompts', payload: { title: 'T2', prompt: 'P2', category: 'C', model: 'M' } }],
      notes: [{ method: 'POST', url: `/api/comments/${id}`, payload: { text: 'x' } }],
      likes: [{ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } }],
      copies: [{ method: 'POST', url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS }],
      reports: [
        {
          method: 'POST',
          url: '/api/reports',
          headers: { 'user-id': userId(1) },
          payload: { targetType: 'comment', targetId: commentId, reason: 'spam' },
        },
      ],
      // All reads share one budget: the second read, on another route, is limited.
      reads: [
        { method: 'GET', url: '/api/prompts' },
        { method: 'GET', url: '/api/facets' },
      ],
    };
    for (const [budget, [first, second = first]] of Object.entries(requests)) {
      if (!first || !second) throw new Error('missing request');
      const allowed = await t.app.inject(first);
      expect(allowed.statusCode, budget).toBeLessThan(300);
      expect(allowed.headers['x-ratelimit-remaining'], budget).toBe('0');
      expectLimited(await t.app.inject(second), 60);
    }
    // The health check is never limited (load balancers poll it).
    for (let index = 0; index < 3; index += 1) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('counts per client IP, from X-Forwarded-For only behind a trusted proxy', async () => {
    const behindProxy = await createTestApp('sqlite', { ...ONE_PER_MINUTE, TRUST_PROXY: '1' });
    t = behindProxy;
    const read = (address: string) => behindProxy.app.inject({ url: '/api/prompts', headers: { 'x-forwarded-for': address } });
    expect((await read('203.0.113.1')).statusCode).toBe(200);
    expect((await read('203.0.113.2')).statusCode).toBe(200);
    expectLimited(await read('203.0.113.1'), 60);
    await behindProxy.close();

    const direct = await createTestApp('sqlite', ONE_PER_MINUTE);
    t = direct;
    const readDirect = (address: string) => direct.app.inject({ url: '/api/prompts', headers: { 'x-forwarded-for': address } });
    expect((await readDirect('203.0.113.1')).statusCode).toBe(200);
    // Without TRUST_PROXY the header is the client's own claim and is ignored.
    expectLimited(await readDirect('203.0.113.2'), 60);
  });

  it('reads windows in seconds, minutes and hours', async () => {
    t = await createTestApp('sqlite', { RATE_LIMIT: '1', RATE_LIMIT_READS: '2/2h' });
    expect((await t.app.inject({ url: '/api/prompts' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/prompts' })).statusCode).toBe(200);
    expectLimited(await t.app.inject({ url: '/api/prompts' }), 7200);
    expect(Number((await t.app.inject({ url: '/api/prompts' })).headers['retry-after'])).toBeGreaterThan(3600);
  });

  it('is off with RATE_LIMIT=0', async () => {
    t = await createTestApp('sqlite', { ...ONE_PER_MINUTE, RATE_LIMIT: '0' });
    for (let index = 0; index < 5; index += 1) {
      const response = await t.app.inject({ url: '/api/prompts' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('lets requests through when Redis is unreachable rather than failing them', async () => {
    t = await createTestApp('sqlite', { ...ONE_PER_MINUTE, REDIS_URL: 'redis://127.0.0.1:1' });
    for (let index = 0; index < 3; index += 1) expect((await t.app.inject({ url: '/api/prompts' })).statusCode).toBe(200);
  });
});
