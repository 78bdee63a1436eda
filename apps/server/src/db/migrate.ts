import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
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
 * `schema` (PostgreSQL): where the migration tables live. Without it Kysely
 * looks for them in every schema, so another schema's tables (a parallel
 * test's) make it skip creating ours and fail.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
