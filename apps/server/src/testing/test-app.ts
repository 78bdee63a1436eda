import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Dialect } from '../db/connect';
import { type ContractViolation, contractChecker } from './openapi-contract';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  /** Every route the app registered, as the onRoute hook saw it. */
  readonly routes: readonly RouteOptions[];
  /** Responses so far that the OpenAPI description does not allow. */
  readonly violations: readonly ContractViolation[];
  /** Closes the app and database; fails if any response broke the OpenAPI description. */
  close(): Promise<void>;
}

/** A fully built app on its own fresh database, with rate limits off and logs silent. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { webRoot?: string; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  // Test runs share one Redis; their rate-limit counters and cache announcements must not meet.
  const config = loadConfig({ SAMPLE_DATA: '0', RATE_LIMIT: '0', REDIS_NAMESPACE: uniqueRedisNamespace(), ...env });
  const routes: RouteOptions[] = [];
  let violations: ContractViolation[] = [];
  const app = await buildApp(config, {
    database,
    logLevel: 'silent',
    webRoot: options.webRoot,
    // Every response of every API suite is checked against the OpenAPI
    // description, so the description cannot drift from what the API does.
    instrument: (instance) => {
      instance.addHook('onRoute', (route) => {
        routes.push(route);
      });
      const checker = contractChecker(instance);
      violations = checker.violations;
      instance.addHook('onSend', checker.hook);
    },
  });
  await app.ready();
  return {
    app,
    database,
    routes,
    get violations() {
      return violations;
    },
    close: async () => {
      await app.close();
      await database.close();
      if (violations.length > 0) {
        throw new Error(
          `Responses that break the OpenAPI description:\n${violations.map((v) => `  ${v.request} -> ${v.status}: ${v.problem}`).join('\n')}`,
        );
      }
    },
  };
}

/** A valid visitor id, unique per call site index. */
export function userId(index: number | string): string {
  return `user_test${String(index).padStart(8, '0')}`;
}

/** A REDIS_NAMESPACE no other test uses. */
export function uniqueRedisNamespace(): string {
  return `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}

/**
 * What every state-changing request of the API's clients carries, with a
 * body or without (the spec's copy call has none): see plugins/json-body.ts.
 */
export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/**
 * A paged list answer's total, as a client reads it: its X-Total-Count, or
 * when the page left it out (a search found in many prompts, decision 0013)
 * GET /api/prompts/count with the same query string.
 */
export async function listTotal(app: FastifyInstance, url: string, headers: Record<string, unknown>): Promise<string> {
  const header = headers['x-total-count'];
  if (typeof header === 'string') return header;
  const query = url.slice(url.indexOf('?') + 1);
  const response = await app.inject({ url: `/api/prompts/count?${query}` });
  if (response.statusCode !== 200) throw new Error(`GET /api/prompts/count?${query}: ${response.statusCode}`);
  return String((response.json() as { total: number }).total);
}
