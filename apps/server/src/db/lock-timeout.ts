import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL: how long the statements of this transaction wait for a lock
 * before they fail with lock_not_available (55P03), instead of waiting for
 * as long as the holder keeps it.
 */
export async function setLocalLockTimeout<DB>(trx: Kysely<DB>, ms: number): Promise<void> {
  await sql`SET LOCAL lock_timeout = ${sql.lit(`${ms}ms`)}`.execute(trx);
}
