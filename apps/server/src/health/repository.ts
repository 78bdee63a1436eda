import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Resolves when the database answers a trivial query; rejects when it does not. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
