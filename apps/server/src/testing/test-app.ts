import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Dialect } from '../db/connect';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  close(): Promise<void>;
}

/** A fully built app on its own fresh database, with rate limits off and logs silent. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { webRoot?: string; rateLimitNamespace?: string; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  const config = loadConfig({ SAMPLE_DATA: '0', RATE_LIMIT: '0', ...env });
  const app = await buildApp(config, {
    database,
    logLevel: 'silent',
    webRoot: options.webRoot,
    // Test runs share one Redis; their rate-limit counters must not meet.
    rateLimitNamespace: options.rateLimitNamespace ?? uniqueRateLimitNamespace(),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A valid visitor id, unique per call site index. */
export function userId(index: number | string): string {
  return `user_test${String(index).padStart(8, '0')}`;
}

/** A Redis key prefix no other test uses. */
export function uniqueRateLimitNamespace(): string {
  return `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}
