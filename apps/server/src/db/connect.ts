import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type Compilable,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
  sql,
} from 'kysely';
import pg from 'pg';
import { type DatabaseUrl, defaultLongReads } from '../config';
import type { Database } from './schema';
import { registerSqliteFunctions } from './sqlite-functions';
import { startCheckpointThread } from './sqlite-checkpoints';
import { type FullTextMerges, isBusy, startFullTextMerges } from './sqlite-full-text-merges';
import { SqliteReadPool } from './sqlite-read-pool';
import { SqliteWriterDialect } from './sqlite-writer-dialect';
import { sqliteReadPoolDialect } from './sqlite-read-pool-dialect';
import { RecentlyUsed } from '../runtime/recently-used';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /**
   * Runs a long read of many statements on one consistent snapshot of the
   * database, without holding up other requests between its statements:
   * SQLite opens a read-only connection of its own for it (the shared
   * connection would queue every other query behind the whole read);
   * PostgreSQL takes one pooled connection in a read-only repeatable-read
   * transaction.
   */
  readSnapshot<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Where reads that may take long run (searches that miss the cache): on
   * SQLite, worker threads with read-only connections of their own
   * (sqlite-read-pool.ts), so they never hold the event loop; on PostgreSQL,
   * a pool of connections of their own, so fifty searches queue there and
   * never take the connections a like or a health check needs (their
   * queries already run in the database's processes, off the event loop).
   * Read queries only: no writes, and on PostgreSQL no transaction but a
   * read-only one holding settings for one read (withWordTrigrams in
   * prompts/relevance.ts; SQLite's read threads take no transactions).
   */
  readonly longReads: Kysely<Database>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: the schema to use (tests get a fresh one each). */
  readonly schema?: string;
  /** PostgreSQL only: pool size. */
  readonly poolSize?: number;
  /** PostgreSQL only: connections for long reads (DatabaseHandle.longReads), a pool apart from the others. */
  readonly longReadConnections?: number;
  /**
   * SQLite only: whether a thread of this process checkpoints the write-ahead log (decision 0023): the
   * server's choice (main.ts). Any other process on the same file (a tool, the bench, a test's own
   * connection) leaves it off, so only the server copies the log back; without it the writer
   * checkpoints, as before.
   */
  readonly checkpointThread?: boolean;
  /**
   * SQLite only: whether the writer merges the full-text indexes in small steps (decision 0032) when no
   * checkpoint thread does: the server's choice (main.ts). A checkpoint thread always merges, and the writer
   * takes its steps over if it is lost. Without steps, a large merge under way goes at the writes' pace and
   * its level gathers their segments.
   */
  readonly fullTextMerges?: boolean;
  /** SQLite only: how long to wait for another connection's lock (tests shorten it). */
  readonly busyTimeoutMs?: number;
  /** SQLite only: threads for long reads (DatabaseHandle.longReads); 0 runs them on the main connection. */
  readonly readThreads?: number;
}

/**
 * WAL pages (4 KiB each) between the writer's automatic checkpoints, where
 * it makes them (no checkpoint thread): every ~40 MB instead of SQLite's 4
 * MB, so pages that many writes touch (the like counters' indexes) are
 * copied back once instead of ten times, and the sync stalls are ten times
 * rarer. A like went from 0.29 to 0.09 ms on average at 100,000 prompts, its
 * p99 from 4 to 0.2 ms.
 */
const SQLITE_WAL_CHECKPOINT_PAGES = 10_000;
/**
 * The writer's automatic checkpoint beside the checkpoint thread (~400 MB):
 * reached only if the thread falls that far behind, so the log stays bounded.
 */
const SQLITE_WAL_BACKSTOP_PAGES = 100_000;

/** How long SQLite waits for a lock held by another connection before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function connectDatabase(url: DatabaseUrl, options: ConnectOptions = {}): DatabaseHandle {
  return url.kind === 'sqlite' ? connectSqlite(url.path, options) : connectPostgres(url.url, options);
}

function connectSqlite(path: string, options: ConnectOptions): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path, { timeout: options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // With a checkpoint thread (decision 0023) the writer's automatic checkpoint is only a backstop, for a log
  // the thread could not keep up with, and takes over again if the thread is lost; so do the thread's merges of
  // the full-text indexes (decision 0032), in the same small steps. An in-memory database has no log.
  let writerMerges: FullTextMerges | undefined;
  const checkpoints =
    options.checkpointThread && path !== ':memory:'
      ? startCheckpointThread({
          path,
          busyTimeoutMs: options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS,
          onLost: (reason) => {
            process.emitWarning(`${reason}; the writer checkpoints the write-ahead log and merges the full-text indexes again`);
            try {
              sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_CHECKPOINT_PAGES}`);
              writerMerges = startFullTextMerges(sqlite, warnOfMergeError);
            } catch {
              // The connection was closed meanwhile: nothing is written any more.
            }
          },
        })
      : undefined;
  sqlite.pragma(`wal_autocheckpoint = ${checkpoints ? SQLITE_WAL_BACKSTOP_PAGES : SQLITE_WAL_CHECKPOINT_PAGES}`);
  if (options.fullTextMerges && !checkpoints) writerMerges = startFullTextMerges(sqlite, warnOfMergeError);
  sqlite.pragma('foreign_keys = ON');
  registerSqliteFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteWriterDialect({ database: withStatementCache(sqlite) }) });
  const readSnapshot = async <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    // An in-memory database cannot be opened twice; it only serves tests of other things.
    if (path === ':memory:') return work(db);
    const reader = new SqliteDatabase(path, {
      readonly: true,
      fileMustExist: true,
      timeout: options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS,
    });
    registerSqliteFunctions(reader);
    const readerDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: reader }) });
    try {
      // In WAL mode a read transaction sees the database as of its first read, whatever is written meanwhile.
      return await readerDb.transaction().execute(work);
    } finally {
      await readerDb.destroy();
    }
  };
  const threads = path === ':memory:' ? 0 : (options.readThreads ?? defaultLongReads());
  const pool =
    threads === 0
      ? undefined
      : new SqliteReadPool({
          path,
          size: threads,
          busyTimeoutMs: options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS,
        });
  const longReads = pool ? new Kysely<Database>({ dialect: sqliteReadPoolDialect(pool) }) : db;
  const close = async () => {
    // Closed here, not through Kysely's destroy(), which skips a driver that never ran a query.
    await pool?.close();
    await checkpoints?.close();
    writerMerges?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', readSnapshot, longReads, close };
}

/**
 * The writer's merge steps report what fails, once each message, and go
 * on; a database locked by another process (isBusy) silently.
 */
const warnedMergeErrors = new Set<string>();
function warnOfMergeError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (isBusy(error) || warnedMergeErrors.has(message)) return;
  warnedMergeErrors.add(message);
  process.emitWarning(`Merging the full-text indexes failed: ${message}`);
}

/** Distinct SQL texts kept compiled; list filters combine into a few dozen. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a
 * statement on each prepare() (about as long as running a small query), so
 * repeated SQL reuses its compiled statement. Safe because better-sqlite3 is
 * synchronous: a statement never runs twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new RecentlyUsed<string, SqliteStatement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached) return cached;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

// pg returns bigint and numeric as strings by default; every count and sum we
// read fits a JavaScript number, so parse them as numbers for this pool only.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const numberTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Marks a statement to run as a named prepared statement on PostgreSQL:
 * `${preparedStatement('set-like')} WITH ...`. Such a statement is parsed and
 * planned once per connection instead of on every call; for the like
 * statement, planning was about 0.25 of its 0.6 ms in PostgreSQL. Only for
 * statements whose text never varies (node-postgres keeps every name it has
 * prepared for the life of the connection).
 */
export function preparedStatement(name: string): RawBuilder<unknown> {
  return sql.raw(preparedMark(name));
}

/** The comment that starts a statement's text to name its prepared statement (PreparingClient). */
function preparedMark(name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Bad prepared statement name "${name}"`);
  return `/* prepared:${name} */`;
}

/**
 * A query as a named prepared statement on PostgreSQL (preparedStatement),
 * named by `family` and a hash of its SQL text. Only for a family whose
 * texts vary with their shape alone (which filters, which order, whether a
 * cursor), never with the values they run with, so a connection keeps a
 * bounded number of them. Each shape is then parsed and planned once per
 * connection; PostgreSQL plans the first five runs for their values and
 * keeps one generic plan afterwards if it costs no more.
 */
export function preparedByShape<R>(family: string, query: Compilable<R>): CompiledQuery<R> {
  const compiled = query.compile();
  const shape = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
  return CompiledQuery.raw(`${preparedMark(`${family}-${shape}`)} ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<R>;
}

const PREPARED_MARK = /^\/\* prepared:([a-z][a-z0-9-]*) \*\//;

/** A pg client that runs statements marked by preparedStatement() as named prepared statements. */
class PreparingClient extends pg.Client {
  // @ts-expect-error pg's query() is a set of overloads; this forwards every one of them unchanged.
  override query(config: unknown, values?: unknown, callback?: unknown) {
    const name = typeof config === 'string' ? PREPARED_MARK.exec(config)?.[1] : undefined;
    if (name !== undefined) return super.query({ name, text: config as string, values: values as unknown[] });
    return super.query(config as string, values as unknown[], callback as never);
  }
}

function connectPostgres(url: string, options: ConnectOptions): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(url, options, options.poolSize ?? 10) }) });
  const longReads = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: postgresPool(url, options, options.longReadConnections ?? defaultLongReads()),
    }),
  });
  const readSnapshot = <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> =>
    db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  const close = async () => {
    await Promise.all([longReads.destroy(), db.destroy()]);
  };
  return { db, dialect: 'postgres', readSnapshot, longReads, close };
}

function postgresPool(url: string, options: ConnectOptions, max: number): pg.Pool {
  const pool = new pg.Pool({
    Client: PreparingClient as typeof pg.Client,
    connectionString: url,
    max,
    types: numberTypes as pg.CustomTypesConfig,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    connectionTimeoutMillis: 5000,
    // Idle connections stay open (pg's default closes them after 10 s). A new
    // backend's first touch of each shared buffer costs a page fault: at
    // 100,000 prompts, counting "with" (12,000 pages) took 210 ms on a
    // connection opened after a quiet spell, 27 ms on one kept.
    idleTimeoutMillis: 0,
    // Kept connections must not keep a finished process alive (the MCP stdio server, a CLI).
    allowExitOnIdle: true,
  });
  // An idle client losing its connection (a PostgreSQL restart) must not crash
  // the process; the pool replaces it on the next checkout.
  pool.on('error', () => undefined);
  // A client that is checked out has no pool listener; its connection dropping
  // would be an unhandled 'error' event and kill the process. The query it runs
  // is rejected anyway (and becomes a 503), so the event itself can be ignored.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
