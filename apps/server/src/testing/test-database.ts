import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, type Dialect, connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

/**
 * The databases the API suites run against: always a fresh SQLite file, and
 * PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). Each test gets
 * its own file or schema, so tests never see each other's rows.
 */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  /** The connection string a separate process (CLI, server) would use. */
  readonly url: string;
  /** PostgreSQL: the schema to set as search_path. */
  readonly schema?: string;
}

export async function createTestDatabase(dialect: Dialect, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-vault-test-'));
    const path = join(dir, 'test.db');
    const handle = connectDatabase({ kind: 'sqlite', path });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      url: `sqlite:${path}`,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = connectDatabase({ kind: 'postgres', url }, { schema, poolSize: options.poolSize ?? 20 });
  await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    url,
    schema,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
