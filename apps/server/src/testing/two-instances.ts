import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, connectDatabase } from '../db/connect';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TwoInstances {
  /** Two apps, as behind a load balancer: one PostgreSQL schema, a pool and caches of their own each. */
  readonly apps: readonly [FastifyInstance, FastifyInstance];
  /** The schema they share, for checks made beside them. */
  readonly database: TestDatabase;
  close(): Promise<void>;
}

/** Two app instances on one fresh PostgreSQL schema, each with its own connection pool, configured by `env`. */
export async function startTwoInstances(env: Record<string, string>): Promise<TwoInstances> {
  const database = await createTestDatabase('postgres');
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database.close();
  };
  try {
    for (let index = 0; index < 2; index += 1) {
      const handle = connectDatabase({ kind: 'postgres', url: database.url }, { schema: database.schema, poolSize: 10 });
      handles.push(handle);
      const app = await buildApp(loadConfig(env), { database: handle, logLevel: 'silent' });
      await app.ready();
      apps.push(app);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  return { apps: [a, b], database, close };
}
