import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { createTestApp } from '../../testing/test-app';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as moderation from './0003-moderation';
import * as mergeSpellings from './0004-merge-spellings';
import * as summaries from './0005-summaries';
import * as tags from './0006-tags';
import * as similarityBands from './0008-similarity-bands';
import * as searchWords from './0011-search-words';
import * as searchGrams from './0016-search-grams';
import * as searchWordCounts from './0017-search-word-counts';

describe.each(TEST_DIALECTS)('migration 0004 on %s', (dialect) => {
  it('merges the spellings of one category or model into the one most prompts use, and later writes follow it', async () => {
    const { handle, drop } = await createEmptyDatabase(dialect);
    try {
      // Migrations are written against an untyped database, as the Migrator runs them.
      const untyped = handle.db as unknown as Kysely<unknown>;
      await initial.up(untyped);
      await searchIndexes.up(untyped);
      await moderation.up(untyped);
      let serial = 0;
      const row = (category: string, model: string, status: 'visible' | 'hidden' = 'visible') => {
        serial += 1;
        return {
          id: `p${String(serial).padStart(3, '0')}`,
          title: `Title ${serial}`,
          prompt: `Text ${serial}`,
          category,
          model,
          status,
          created_at: `2025-01-${String(serial).padStart(2, '0')}T00:00:00.000Z`,
        };
      };
      await handle.db
        .insertInto('prompts')
        .values([
          row('coding', 'gpt 4o'), // oldest, but fewer prompts: gives way
          row('Coding', 'GPT-4o'),
          row('Coding', 'GPT-4o'),
          row('CODING ', 'Gpt4o', 'hidden'), // hidden prompts are merged too
          row('Writing', 'Claude'),
          row('writing', 'claude'), // a tie: the older spelling stays
          row('C#', 'GPT-4o mini'),
          row('C', 'GPT-4'),
        ])
        .execute();

      await mergeSpellings.up(untyped);

      const stored = await handle.db.selectFrom('prompts').select(['id', 'category', 'model']).orderBy('id').execute();
      expect(stored.map((prompt) => `${prompt.category} / ${prompt.model}`)).toEqual([
        'Coding / GPT-4o',
        'Coding / GPT-4o',
        'Coding / GPT-4o',
        'Coding / GPT-4o',
        'Writing / Claude',
        'Writing / Claude',
        'C# / GPT-4o mini',
        'C / GPT-4',
      ]);

      // A write after the migration stores the merged spelling (through today's
      // app, which needs the migrations that came after this one).
      await summaries.up(untyped);
      await tags.up(untyped);
      await similarityBands.up(untyped);
      await searchWords.up(untyped);
      await searchGrams.up(untyped);
      await searchWordCounts.up(untyped);
      const t = await createTestApp(dialect, {}, { database: { ...handle, url: '' } });
      try {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/prompts',
          payload: { title: 'After', prompt: 'After the merge', category: 'writing', model: 'GPT 4o' },
        });
        expect(created.json()).toMatchObject({ category: 'Writing', model: 'GPT-4o' });
      } finally {
        await t.app.close();
      }

      await tags.down(untyped);
      await mergeSpellings.down(untyped);
      await mergeSpellings.up(untyped);
      expect(await handle.db.selectFrom('prompts').select('category').distinct().orderBy('category').execute()).toEqual([
        { category: 'C' },
        { category: 'C#' },
        { category: 'Coding' },
        { category: 'Writing' },
      ]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
