import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as moderation from './0003-moderation';
import * as mergeSpellings from './0004-merge-spellings';
import * as loweredSearchText from './0007-lowered-search-text';

describe.each(TEST_DIALECTS)('migration 0006 on %s', (dialect) => {
  it('comes after 0007 on a database that already ran it, and gives existing prompts no tags', async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      const db = handle.db as Kysely<Database>;
      // A library migrated by a release that had 0007 but not 0006: the Migrator's own bookkeeping says so.
      await migrateToLatestWithout(db, schema);
      await db
        .insertInto('prompts')
        .values({ id: 'old', title: 'Old', prompt: 'Old text', category: 'Writing', model: 'o3', created_at: '2025-01-01T00:00:00.000Z' })
        .execute();

      await migrateToLatest(db, schema);

      expect(await db.selectFrom('prompts').select(['id', 'tag_list']).execute()).toEqual([{ id: 'old', tag_list: '' }]);
      expect(await db.selectFrom('tags').selectAll().execute()).toEqual([]);
      await db.insertInto('prompt_tags').values({ tag: 'email', prompt_id: 'old', created_at: '2025-01-01T00:00:00.000Z' }).execute();
      expect(await db.selectFrom('prompt_tags').select('tag').execute()).toEqual([{ tag: 'email' }]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

/** Runs every migration but 0006 through a Migrator, as a release without it did. */
async function migrateToLatestWithout(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const migrations = {
    '0001-initial': initial,
    '0002-search-indexes': searchIndexes,
    '0003-moderation': moderation,
    '0004-merge-spellings': mergeSpellings,
    '0007-lowered-search-text': loweredSearchText,
  };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
