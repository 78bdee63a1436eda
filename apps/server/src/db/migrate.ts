import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import * as initial from './migrations/0001-initial';
import * as searchIndexes from './migrations/0002-search-indexes';
import type { Database } from './schema';

// Migrations are listed in code rather than read from a folder, so they work
// the same under tsx, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-search-indexes': searchIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables are pinned to the connection's current
 * schema: unpinned, Kysely looks for them in every schema of the database and
 * mistakes another schema's tables (a parallel test's) for ours.
 */
async function migrationSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const result = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return result.rows[0]?.schema;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await migrationSchema(db) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
