import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * Kysely's SQLite dialect for the writer's connection, its transactions
 * begun with the write lock (`BEGIN IMMEDIATE`), waiting for it as long as
 * the busy timeout allows. Kysely's own begins them deferred: such a
 * transaction takes the lock at its first write, and fails at once
 * (SQLITE_BUSY_SNAPSHOT, a 503) if another connection wrote after its first
 * read. The checkpoint thread writes the full-text indexes' merges
 * (decision 0032); another server on the same file writes too.
 */
export class SqliteWriterDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new SqliteWriterDriver(this.#config);
  }
}

class SqliteWriterDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
