import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import * as searchWords from './0011-search-words';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0011 on postgres', () => {
  it('indexes the words of existing and later prompts, and can be rolled back', async () => {
    await withMigratedDatabase('postgres', [initial, searchIndexes, loweredSearchText], async (db) => {
      const insert = (id: string, title: string, prompt: string) => insertBarePrompt(db, id, title, prompt);
      const wordsOf = async (id: string) =>
        (await sql<{ words: string[] }>`SELECT tsvector_to_array(words) AS words FROM prompt_search WHERE id = ${id}`.execute(db)).rows[0]
          ?.words;
      const known = async () =>
        (await sql<{ word: string; prompts: number }>`SELECT word, prompts FROM search_words ORDER BY word`.execute(db)).rows.map(
          (row) => `${row.word}:${row.prompts}`,
        );

      await insert('p1', 'Crème Brûlée', 'Write WITH care, v2_draft');
      await insert('p0', 'Care', 'with more care');
      await searchWords.up(db);
      // Runs of a-z and 0-9 in the lower-cased text: accented letters and underscores end a word.
      expect(await wordsOf('p1')).toEqual(['br', 'care', 'cr', 'draft', 'e', 'l', 'me', 'v2', 'with', 'write']);
      await insert('p2', 'Later', 'with more');
      expect(await wordsOf('p2')).toEqual(['later', 'more', 'with']);
      // Each word with the prompts that held it when the migration counted them; a word added later with 1,
      // and a known one not counted again ("with", now in three prompts, stays at 2).
      expect(await known()).toEqual([
        'br:1',
        'care:2',
        'cr:1',
        'draft:1',
        'e:1',
        'l:1',
        'later:1',
        'me:1',
        'more:1',
        'v2:1',
        'with:2',
        'write:1',
      ]);

      await searchWords.down(db);
      const left = await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'prompt_search' ORDER BY 1`.execute(db);
      expect(left.rows.map((row) => row.name)).toEqual(['id', 'prompt', 'title']);
      await insert('p3', 'After', 'rolled back');
    });
  });
});
