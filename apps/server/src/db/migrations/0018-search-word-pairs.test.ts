import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import { WORD_LENGTH, WORD_STEP } from './0011-search-words';
import * as searchWordPairs from './0018-search-word-pairs';
import { PAIR_SIDE_LENGTH } from './0018-search-word-pairs';

describe('migration 0018', () => {
  it('keeps no more of a word than the first and last pieces of a long word hold, so a piece and its word make the same pair', () => {
    expect(PAIR_SIDE_LENGTH).toBeLessThanOrEqual(WORD_STEP + 1);
    expect(PAIR_SIDE_LENGTH).toBeLessThanOrEqual(WORD_LENGTH);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0018 on postgres', () => {
  it('indexes the neighbouring words of existing and later prompts, and can be rolled back', async () => {
    await withMigratedDatabase('postgres', [initial, searchIndexes, loweredSearchText], async (db) => {
      const pairsOf = async (id: string) =>
        (await sql<{ pairs: string[] }>`SELECT tsvector_to_array(word_pairs) AS pairs FROM prompt_search WHERE id = ${id}`.execute(db))
          .rows[0]?.pairs;
      /** The prompts whose pairs include `pair`, and the plan that found them: through the index, as a search reads them. */
      const holding = (pair: string) =>
        db.connection().execute(async (connection) => {
          // A few rows, which a sequential scan would read as cheaply as the index.
          await sql`SET enable_seqscan = off`.execute(connection);
          try {
            const query = sql<{ id: string }>`SELECT id FROM prompt_search WHERE word_pairs @@ quote_literal(${pair})::tsquery`;
            const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(connection);
            return {
              ids: (await query.execute(connection)).rows.map((row) => row.id).sort(),
              plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n'),
            };
          } finally {
            await sql`RESET enable_seqscan`.execute(connection);
          }
        });

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
      const found = await holding('meal plan');
      expect(found.ids).toEqual(['p1', 'p2']);
      expect(found.plan).toMatch(/Bitmap Index Scan on prompt_search_word_pairs_idx/);
      expect((await holding('plan later')).ids).toEqual([]);

      await searchWordPairs.down(db);
      const columns = await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'prompt_search' ORDER BY 1`.execute(db);
      expect(columns.rows.map((row) => row.name)).toEqual(['id', 'prompt', 'title']);
      const functions = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'search_word_pairs_of' AND pronamespace = current_schema()::regnamespace`.execute(
        db,
      );
      expect(functions.rows[0]?.n).toBe(0);
      await insertBarePrompt(db, 'p3', 'After', 'rolled back');
    });
  });
});
