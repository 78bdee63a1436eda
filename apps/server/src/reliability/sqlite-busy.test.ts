import { JSON_HEADERS } from '../testing/test-app';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { registerSqliteFunctions } from '../db/sqlite-functions';
import { createTestDatabase } from '../testing/test-database';

describe('SQLite busy', () => {
  it('answers 503 in the one error shape, never 500, while another connection holds the write lock', async () => {
    const migrated = await createTestDatabase('sqlite');
    const path = migrated.url.slice('sqlite:'.length);
    const database = connectDatabase({ kind: 'sqlite', path }, { busyTimeoutMs: 50 });
    const app = await buildApp(loadConfig({ RATE_LIMIT: '0' }), { database, logLevel: 'silent' });
    const holder = new SqliteDatabase(path, { timeout: 50 });
    // Changing a title runs the word index's trigger, which calls the app's own functions.
    registerSqliteFunctions(holder);
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title: 'T', prompt: 'P', category: 'C', model: 'M' },
      });
      const id = created.json()._id as string;

      holder.exec('BEGIN IMMEDIATE');
      holder.prepare("UPDATE prompts SET title = 'locked' WHERE id = ?").run(id);
      const like = {
        method: 'POST' as const,
        url: `/api/prompts/${id}/like`,
        headers: { 'user-id': 'user_busy0001' },
        payload: { liked: true },
      };
      const writes = [
        { method: 'POST' as const, url: '/api/prompts', payload: { title: 'T2', prompt: 'P2', category: 'C', model: 'M' } },
        like,
        { method: 'POST' as const, url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS },
        { method: 'POST' as const, url: `/api/comments/${id}`, payload: { text: 'note' } },
      ];
      for (const request of writes) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          error: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        });
      }
      // WAL: readers are not blocked by the writer and see the last committed state.
      expect((await app.inject({ url: `/api/prompts/${id}` })).json()).toMatchObject({ title: 'T', likes: 0 });
      holder.exec('ROLLBACK');

      const after = await app.inject(like);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ likes: 1, liked: true });
    } finally {
      holder.close();
      await app.close();
      await database.close();
      await migrated.close();
    }
  });
});
