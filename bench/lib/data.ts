import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import SqliteDatabase from 'better-sqlite3';
import { ROOT } from './processes';

export type BenchDialect = 'sqlite' | 'postgres';

/** The bench's usual size: its databases keep the plain names, every other size gets its own. */
export const DEFAULT_BENCH_PROMPTS = 100_000;

function sqlitePath(prompts: number): string {
  return join(ROOT, prompts === DEFAULT_BENCH_PROMPTS ? 'bench/.data/sqlite.db' : `bench/.data/sqlite-${prompts}.db`);
}

async function countPrompts(dialect: BenchDialect, url: string): Promise<number> {
  if (dialect === 'sqlite') {
    const path = url.slice('sqlite:'.length);
    if (!existsSync(path)) return 0;
    const db = new SqliteDatabase(path, { readonly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'prompts'").get();
      return table ? (db.prepare('SELECT count(*) AS n FROM prompts').get() as { n: number }).n : 0;
    } finally {
      db.close();
    }
  }
  return withPostgres(url, async (client) => {
    const table = await client.query("SELECT to_regclass('prompts') AS t");
    if (!table.rows[0]?.t) return 0;
    return Number((await client.query('SELECT count(*) AS n FROM prompts')).rows[0]?.n ?? 0);
  });
}

/** Runs `work` on a connection of its own to `url`, closed however it ends. */
async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Reclaims the row versions that earlier runs' writes left (likes and copies
 * rewrite a prompt's row each) and refreshes the planner's statistics, so a
 * run starts from the state the generator leaves, whether or not the server
 * runs autovacuum (this machine's does not). After one bench run's writes,
 * 59,418 dead rows in `prompts` took the distinct searches on PostgreSQL from
 * 942-1,006 to 796-811 a second (100,000 prompts). Fast when nothing changed:
 * the visibility map lets it skip every page no write touched.
 */
async function vacuumPostgres(url: string): Promise<void> {
  await withPostgres(url, (client) => client.query('VACUUM ANALYZE'));
}

/** Creates the bench's own PostgreSQL database when it is missing; never touches any other. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected bench database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withPostgres(admin.toString(), async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });
}

/**
 * The dialect's bench database for a library of `prompts`: at the usual size
 * the SQLite file bench/.data/sqlite.db and the PostgreSQL database named by
 * `postgresUrl`; at any other size its own file and database
 * (`sqlite-1000000.db`, `bench_1000000`), so switching sizes never
 * regenerates the other one.
 */
export function databaseUrl(dialect: BenchDialect, postgresUrl: string, prompts = DEFAULT_BENCH_PROMPTS): string {
  if (dialect === 'sqlite') return `sqlite:${sqlitePath(prompts)}`;
  if (prompts === DEFAULT_BENCH_PROMPTS) return postgresUrl;
  const url = new URL(postgresUrl);
  url.pathname = `${url.pathname}_${prompts}`;
  return url.toString();
}

/**
 * Makes sure the dialect's bench database holds the generated dataset,
 * running the generator when it does not, and vacuums a PostgreSQL one it
 * reuses (vacuumPostgres). Returns the generator's wall time in seconds
 * when it ran.
 */
export async function ensureData(dialect: BenchDialect, postgresUrl: string, prompts: number): Promise<number | undefined> {
  const url = databaseUrl(dialect, postgresUrl, prompts);
  if (dialect === 'postgres') await ensurePostgresDatabase(url);
  if ((await countPrompts(dialect, url)) >= prompts) {
    if (dialect === 'postgres') await vacuumPostgres(url);
    return undefined;
  }
  console.log(`Generating ${prompts.toLocaleString('en')} prompts into the ${dialect} bench database...`);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/cli/generate.ts', '--prompts', String(prompts), '--database', url, '--force'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`generator exited with ${code}`))));
  });
  return (performance.now() - started) / 1000;
}
