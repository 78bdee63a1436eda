import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { bandKeys as liveBandKeys, shingles } from '../../similar/fingerprint';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as moderation from './0003-moderation';
import * as mergeSpellings from './0004-merge-spellings';
import * as summaries from './0005-summaries';
import * as tags from './0006-tags';
import * as loweredSearchText from './0007-lowered-search-text';
import { bandKeys as migrationBandKeys } from './0008-similarity-bands';

const TEXTS: [title: string, prompt: string][] = [
  ['Cold Email Opener', 'Write a short cold email to a busy founder.'],
  ['Crème Brûlée!', 'Explain the custard, then the caramel: step by step.'],
  ['日本語のメール', '丁寧な返信を書いてください。'],
  ['One', ''],
  ['!!!', '???'],
  ['Emoji 😀 title', 'Tabs\tand\nnew lines  and   spaces'],
];

describe('migration 0008: its own copy of the keys', () => {
  it('computes the keys the live code stores, so backfilled and new prompts are found alike', () => {
    for (const [title, prompt] of TEXTS) expect(migrationBandKeys(title, prompt), title).toEqual(liveBandKeys(shingles(title, prompt)));
    expect(migrationBandKeys('!!!', '???')).toEqual([]);
    expect(migrationBandKeys('Cold Email Opener', 'x')).toHaveLength(24);
  });
});

describe.each(TEST_DIALECTS)('migration 0008 on %s', (dialect) => {
  it("backfills every existing prompt's keys, hidden ones too", async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      const db = handle.db as Kysely<Database>;
      await migrateWithout0008(db, schema);
      const rows = TEXTS.map(([title, prompt], index) => ({
        id: `${index % 2 ? 'a' : 'B'}old${index}`,
        title,
        prompt: prompt || 'x',
        category: 'Writing',
        model: 'o3',
        created_at: '2025-01-01T00:00:00.000Z',
        status: index === 1 ? ('hidden' as const) : ('visible' as const),
      }));
      await db.insertInto('prompts').values(rows).execute();

      await migrateToLatest(db, schema);

      const stored = await db.selectFrom('similarity_bands').select(['band_key', 'prompt_id']).execute();
      const expected = rows.flatMap((row) => liveBandKeys(shingles(row.title, row.prompt)).map((key) => `${row.id} ${key}`));
      expect(stored.map((row) => `${row.prompt_id} ${Number(row.band_key)}`).sort()).toEqual(expected.sort());
      // Five prompts with words, 24 keys each; '!!!' has none.
      expect(stored).toHaveLength(5 * 24);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

/** Runs every migration before 0008, as a release without it did. */
async function migrateWithout0008(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const migrations = {
    '0001-initial': initial,
    '0002-search-indexes': searchIndexes,
    '0003-moderation': moderation,
    '0004-merge-spellings': mergeSpellings,
    '0005-summaries': summaries,
    '0006-tags': tags,
    '0007-lowered-search-text': loweredSearchText,
  };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
