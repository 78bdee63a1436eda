import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
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

/** A database with no migrations applied (a migration's test applies them), and a way to throw it away. */
export async function createEmptyDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; url: string; schema?: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-vault-migration-'));
    const path = join(dir, 'm.db');
    const handle = connectDatabase({ kind: 'sqlite', path });
    return { handle, url: `sqlite:${path}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `test_mig_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (statement: string) => {
    await withSchemaLock(url, (admin) => admin.query(statement));
  };
  await run(`CREATE SCHEMA ${schema}`);
  const handle = connectDatabase({ kind: 'postgres', url }, { schema, poolSize: 2 });
  return { handle, url, schema, drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

/**
 * Runs `body` on a new empty database with `migrations` applied in order
 * (the ones a migration's test needs before its own), then throws the
 * database away, whether `body` passed or not.
 */
export async function withMigratedDatabase(
  dialect: Dialect,
  migrations: readonly Migration[],
  body: (db: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  const { handle, drop } = await createEmptyDatabase(dialect);
  try {
    const db = handle.db as unknown as Kysely<unknown>;
    for (const migration of migrations) await migration.up(db);
    await body(db);
  } finally {
    await handle.close();
    await drop();
  }
}

export async function createTestDatabase(
  dialect: Dialect,
  options: { poolSize?: number; longReadConnections?: number } = {},
): Promise<TestDatabase> {
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
  const handle = connectDatabase(
    { kind: 'postgres', url },
    { schema, poolSize: options.poolSize ?? 20, longReadConnections: options.longReadConnections },
  );
  await withSchemaLock(url, async (admin) => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    await migrateToLatest(handle.db, schema);
  });
  return {
    ...handle,
    url,
    schema,
    close: async () => {
      await handle.close();
      await withSchemaLock(url, (admin) => admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    },
  };
}

/** DATABASE_URL for a server or CLI process on this database (PostgreSQL: its schema as search_path). */
export function processDatabaseUrl(database: TestDatabase): string {
  if (database.schema === undefined) return database.url;
  const url = new URL(database.url);
  url.searchParams.set('options', `-c search_path=${database.schema}`);
  return url.toString();
}

/** Any fixed number: the advisory lock every test process takes around schema changes. */
const SCHEMA_LOCK_KEY = 7_340_021;

/**
 * Test processes create and drop schemas side by side. Kysely's migrator lists
 * the tables of every schema, and a schema dropped in the middle of that
 * listing fails it ("schema ... does not exist"), so creating-and-migrating
 * and dropping take turns under one advisory lock.
 */
export async function withSchemaLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}
