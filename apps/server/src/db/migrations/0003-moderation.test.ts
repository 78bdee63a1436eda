import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../duplicate-key';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as moderation from './0003-moderation';

describe.each(TEST_DIALECTS)('migration 0003 on %s', (dialect) => {
  it('keys existing prompts (the first of duplicates only) and can be rolled back', async () => {
    const { handle, drop } = await createEmptyDatabase(dialect);
    try {
      // Migrations are written against an untyped database, as the Migrator runs them.
      const untyped = handle.db as unknown as Kysely<unknown>;
      await initial.up(untyped);
      const row = (id: string, title: string, prompt: string) => ({
        id,
        title,
        prompt,
        category: 'C',
        model: 'M',
        created_at: '2025-01-01T00:00:00.000Z',
      });
      await handle.db
        .insertInto('prompts')
        .values([row('a1', 'Same', 'Text'), row('b2', '  same ', 'TEXT'), row('c3', 'Other', 'Text')])
        .execute();
      await moderation.up(untyped);
      const keys = await handle.db.selectFrom('prompts').select(['id', 'duplicate_key']).orderBy('id').execute();
      expect(keys).toEqual([
        { id: 'a1', duplicate_key: duplicateKey('Same', 'Text') },
        { id: 'b2', duplicate_key: null },
        { id: 'c3', duplicate_key: duplicateKey('Other', 'Text') },
      ]);
      await expect(
        handle.db
          .insertInto('prompts')
          .values({ ...row('d4', 'x', 'y'), duplicate_key: duplicateKey('Same', 'Text') })
          .execute(),
      ).rejects.toThrow();
      await moderation.down(untyped);
      await moderation.up(untyped);
      expect(await handle.db.selectFrom('reports').selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
