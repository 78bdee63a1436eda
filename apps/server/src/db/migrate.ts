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

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
