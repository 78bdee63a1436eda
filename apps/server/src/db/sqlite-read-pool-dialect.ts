import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { SqliteReadPool } from './sqlite-read-pool';

/** Every query of this dialect is one read on the pool: there is no connection to hold, nor any transaction. */
class PoolConnection implements DatabaseConnection {
  constructor(private readonly pool: SqliteReadPool) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.query(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- a read pool answers whole results only
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite read pool does not stream');
  }
}

class PoolDriver implements Driver {
  private readonly connection: PoolConnection;

  constructor(pool: SqliteReadPool) {
    this.connection = new PoolConnection(pool);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The SQLite read pool runs no transactions');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  /** The pool belongs to the DatabaseHandle, which closes it (connect.ts). */
  async destroy(): Promise<void> {}
}

/**
 * SQLite's SQL, but many queries at once. Kysely's SqliteAdapter says a
 * SQLite database has one connection, and Kysely then lets one query run
 * at a time (a mutex around every connection it hands out): the pool's
 * threads took turns, and fifty searches waited for each other's every
 * query, one thread busy and the event loop idle.
 */
class PoolAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * A Kysely dialect whose queries run on a SqliteReadPool: the app builds
 * them with the same query builder and SQLite SQL as on the main
 * connection; only where they run differs.
 */
export function sqliteReadPoolDialect(pool: SqliteReadPool): Dialect {
  return {
    createAdapter: () => new PoolAdapter(),
    createDriver: () => new PoolDriver(pool),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
