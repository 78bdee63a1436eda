import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { userId, JSON_HEADERS } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { TcpProxy } from '../testing/tcp-proxy';

const UNAVAILABLE = { error: 'SERVICE_UNAVAILABLE', message: expect.any(String) };

/**
 * PostgreSQL lost and back. The shared PostgreSQL server is never stopped
 * (other suites use it); the app talks to it through a proxy the test cuts.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL connection lost and back', () => {
  it('answers 503 on /api/health and in the one error shape meanwhile, and recovers without a restart', async () => {
    const migrated = await createTestDatabase('postgres');
    const target = new URL(migrated.url);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(migrated.url);
    viaProxy.port = String(proxy.port);
    const database = connectDatabase({ kind: 'postgres', url: viaProxy.toString() }, { schema: migrated.schema, poolSize: 4 });
    const app = await buildApp(loadConfig({ RATE_LIMIT: '0' }), { database, logLevel: 'silent' });
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title: 'T', prompt: 'P', category: 'C', model: 'M' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json()._id as string;
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

      await proxy.cut();
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual(UNAVAILABLE);
      const requests = [
        { url: '/api/prompts' },
        { url: `/api/prompts/${id}` },
        { url: '/api/analytics' },
        { url: '/api/facets' },
        { url: `/api/comments/${id}` },
        { method: 'POST' as const, url: '/api/prompts', payload: { title: 'T2', prompt: 'P2', category: 'C', model: 'M' } },
        { method: 'POST' as const, url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(1) }, payload: { liked: true } },
        { method: 'POST' as const, url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS },
        { method: 'POST' as const, url: `/api/comments/${id}`, payload: { text: 'note' } },
        {
          method: 'POST' as const,
          url: '/api/reports',
          headers: { 'user-id': userId(1) },
          payload: { targetType: 'prompt', targetId: id, reason: 'spam' },
        },
      ];
      for (const request of requests) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.json()).toEqual(UNAVAILABLE);
        expect(response.headers['retry-after']).toBe('5');
      }

      await proxy.restore();
      // The pool opens fresh connections on demand: no restart needed.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const like = await app.inject(requests[6] ?? { url: '/' });
      expect(like.json()).toEqual({ likes: 1, liked: true });
      // Nothing was half-written while the database was away.
      expect((await app.inject({ url: '/api/prompts' })).json()).toHaveLength(1);
      expect((await app.inject({ url: `/api/prompts/${id}` })).json()).toMatchObject({ likes: 1, copyCount: 0, commentCount: 0 });
    } finally {
      await app.close();
      await database.close();
      await proxy.stop();
      await migrated.close();
    }
  });
});
