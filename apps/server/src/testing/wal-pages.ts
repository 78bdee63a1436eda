import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * SQLite: the pages the commits made while `send` ran appended to the
 * write-ahead log, counted from an empty log. Every commit writes the pages
 * it changed again, so writes that shared one commit append about as many
 * as one of them alone, and as many commits about that many times more:
 * how a test tells batched writes from writes one by one. The database
 * must have no checkpoint thread (the tests' databases have none,
 * `checkpointThread` in connect.ts): one could copy the log back and let the
 * writer start it over meanwhile.
 */
export async function walPagesDuring(db: Kysely<Database>, send: () => Promise<unknown>): Promise<number> {
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await send();
  const { rows } = await sql<{ log: number }>`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
  return rows[0]?.log ?? 0;
}
