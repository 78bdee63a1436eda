import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as moderation from './migrations/0003-moderation';
import type { Database } from './schema';

// Migrations are listed in code rather than read from a folder, so they work
// the same under tsx, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0003-moderation': moderation,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` (PostgreSQL) names where the migration bookkeeping tables live. It
 * must be given when the search_path is not the default: Kysely otherwise
 * looks for its tables in every schema and, finding another schema's, skips
 * creating its own.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
