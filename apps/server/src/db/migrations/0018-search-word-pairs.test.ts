import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { createEmptyDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import * as searchWordPairs from './0018-search-word-pairs';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0018 on postgres', () => {
  it('indexes the neighbouring words of existing and later prompts, and can be rolled back', async () => {
    const { handle, drop } = await createEmptyDatabase('postgres');
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      await initial.up(db);
      await searchIndexes.up(db);
      await loweredSearchText.up(db);
      const pairsOf = async (id: string) =>
        (
          await sql<{ pairs: string[] }>`
            SELECT tsvector_to_array(search_word_pairs_of(title, prompt)) AS pairs FROM prompt_search WHERE id = ${id}`.execute(db)
        ).rows[0]?.pairs;
      /** The prompts whose pairs include `pair`, found through the index (as a search reads them). */
      const holding = async (pair: string) => {
        await sql`SET enable_seqscan = off`.execute(db);
        const { rows } = await sql<{ id: string }>`
          SELECT id FROM prompt_search WHERE search_word_pairs_of(title, prompt) @@ quote_literal(${pair})::tsquery ORDER BY id`.execute(
          db,
        );
        await sql`RESET enable_seqscan`.execute(db);
        return rows.map((row) => row.id);
      };

      const long = 'x'.repeat(20) + 'y'.repeat(20) + 'z'.repeat(20);
      await insertBarePrompt(db, 'p1', 'Meal Plan', `...Write a meal-plan, then ${long} plans; crème brûlée!`);
      await searchWordPairs.up(db);
      // Neighbouring runs of a-z and 0-9 in the lower-cased title, then in the text: none across the two, none
      // with the empty ends a leading or trailing separator splits off, and 30 characters of a long word's end
      // (its second, as the first word of a pair) or start (as the second).
      // Letters beyond a-z end a word, as in the word index: "crème brûlée" is cr, me, br, l, e.
      expect(await pairsOf('p1')).toEqual([
        'a meal',
        'br l',
        'cr me',
        'l e',
        'me br',
        'meal plan',
        'plan then',
        'plans cr',
        `then ${'x'.repeat(20)}${'y'.repeat(10)}`,
        'write a',
        `${'y'.repeat(10)}${'z'.repeat(20)} plans`,
      ]);
      await insertBarePrompt(db, 'p2', 'Later', 'a MEAL plan again');
      expect(await pairsOf('p2')).toEqual(['a meal', 'meal plan', 'plan again']);
      expect(await holding('meal plan')).toEqual(['p1', 'p2']);
      expect(await holding('plan later')).toEqual([]);

      await searchWordPairs.down(db);
      const left = await sql<{ name: string }>`
        SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'prompt_search' ORDER BY 1`.execute(
        db,
      );
      expect(left.rows.map((row) => row.name)).not.toContain('prompt_search_word_pairs_idx');
      await insertBarePrompt(db, 'p3', 'After', 'rolled back');
    } finally {
      await handle.close();
      await drop();
    }
  });
});
