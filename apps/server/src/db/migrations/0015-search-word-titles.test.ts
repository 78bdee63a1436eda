import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import * as searchWords from './0011-search-words';
import * as searchWordTitles from './0015-search-word-titles';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0015 on postgres', () => {
  it('counts the titles holding each known word, leaves later words at 0, and can be rolled back', async () => {
    await withMigratedDatabase('postgres', [initial, searchIndexes, loweredSearchText], async (db) => {
      const insert = (id: string, title: string, prompt: string) => insertBarePrompt(db, id, title, prompt);
      const counts = async () =>
        (
          await sql<{
            word: string;
            prompts: number;
            titles: number;
          }>`SELECT word, prompts, titles FROM search_words ORDER BY word`.execute(db)
        ).rows.map((row) => `${row.word}:${row.prompts}:${row.titles}`);

      await insert('p1', 'Plan a Trip', 'Plan my trip with care');
      await insert('p2', 'Trip_Planner', 'A trip plan, week by week');
      await insert('p3', 'Weekly plan', 'Plan the week');
      await searchWords.up(db);
      await searchWordTitles.up(db);
      // Word, prompts, titles: "plan" is in three prompts' text and two titles ("Trip_Planner" holds "planner"),
      // "with" in no title; an underscore ends a word, as in the word index.
      expect(await counts()).toEqual([
        'a:2:1',
        'by:1:0',
        'care:1:0',
        'my:1:0',
        'plan:3:2',
        'planner:1:1',
        'the:1:0',
        'trip:2:2',
        'week:2:0',
        'weekly:1:1',
        'with:1:0',
      ]);
      await insert('p4', 'Plan ahead', 'Ahead of time');
      // A word added later counts no titles; a known one is not counted again.
      expect(await counts()).toContain('ahead:1:0');
      expect(await counts()).toContain('plan:3:2');

      await searchWordTitles.down(db);
      const left = await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'search_words' ORDER BY 1`.execute(db);
      expect(left.rows.map((row) => row.name)).toEqual(['prompts', 'word']);
    });
  });
});
