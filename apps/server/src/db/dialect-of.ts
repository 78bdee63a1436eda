import { type Kysely, sql } from 'kysely';
import type { Dialect } from './connect';

/**
 * Which database a Kysely instance talks to, for the few places (migrations)
 * that only receive the instance. PostgreSQL numbers its parameters ($1) while
 * SQLite writes ?, so compiling one parameter tells them apart without a
 * round trip and without a failing query aborting a PostgreSQL transaction.
 */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
}
