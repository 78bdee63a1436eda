import { type Kysely, type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import * as searchWords from './0011-search-words';
import * as searchWordTitles from './0015-search-word-titles';
import * as searchWordPairs from './0018-search-word-pairs';
import * as searchWordLoops from './0019-search-word-loops';
import * as searchWordExpressions from './0020-search-word-expressions';
import { pairsOfRow, wordsOfRow } from './0020-search-word-expressions';

/** Prompts enough to fill several pages of prompt_search with their stored vectors, each with words of its own. */
const PROMPTS = 200;

function promptText(n: number): string {
  const words = Array.from({ length: 30 }, (_, index) => `w${n}x${index}`);
  return `Plan a meal, then ${words.join(' ')}; oatmeal plans for ${n % 2 === 0 ? 'even' : 'odd'} days`;
}

/** What a query through the words' or the pairs' index finds, by id. */
async function holding(db: Kysely<unknown>, vectors: RawBuilder<unknown>, query: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM prompt_search WHERE ${vectors} @@ ${query}::tsquery ORDER BY id`.execute(db);
  return rows.map((row) => row.id);
}

/** The plan PostgreSQL makes for such a query when it may not scan the table. */
async function planOf(db: Kysely<unknown>, vectors: RawBuilder<unknown>): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN (COSTS OFF) SELECT count(*) FROM prompt_search s WHERE ${vectors} @@ 'plan'::tsquery`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const tableSize = async (db: Kysely<unknown>) =>
  Number((await sql<{ bytes: string }>`SELECT pg_relation_size('prompt_search') AS bytes`.execute(db)).rows[0]?.bytes);

const columns = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'prompt_search' ORDER BY ordinal_position`.execute(db)
  ).rows.map((row) => row.name);

const costs = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string; cost: number }>`
      SELECT proname AS name, procost AS cost FROM pg_proc
      WHERE proname IN ('search_words_of', 'search_word_pairs_of') AND pronamespace = current_schema()::regnamespace
      ORDER BY 1`.execute(db)
  ).rows.map((row) => `${row.name} ${Number(row.cost)}`);

/** The indexes of prompt_search whose expressions ANALYZE has statistics of. */
const expressionStatistics = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      SELECT DISTINCT tablename AS name FROM pg_stats
      WHERE schemaname = current_schema() AND tablename LIKE 'prompt_search%idx' ORDER BY 1`.execute(db)
  ).rows.map((row) => row.name);

const knownWords = async (db: Kysely<unknown>, like: string) =>
  (await sql<{ word: string }>`SELECT DISTINCT word FROM search_words WHERE word LIKE ${like} ORDER BY word`.execute(db)).rows.map(
    (row) => row.word,
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0020 on postgres', () => {
  it('keeps the words and pairs in their indexes only, finds the same prompts, shrinks the table, and can be rolled back', async () => {
    const before = [initial, searchIndexes, loweredSearchText, searchWords, searchWordTitles, searchWordPairs, searchWordLoops];
    await withMigratedDatabase('postgres', before, async (db) => {
      for (let n = 0; n < PROMPTS; n += 1) await insertBarePrompt(db, `p${String(n).padStart(3, '0')}`, `Meal Plan ${n}`, promptText(n));
      const stored = { words: sql`words`, pairs: sql`word_pairs` };
      const queries = ["'even'", "'w7x3'", "'meal' & 'plans'", "'meal plan'", "'oatmeal plans'", "'w7x3 w7x4'", "'plans for'"];
      const found = async (vectors: { words: RawBuilder<unknown>; pairs: RawBuilder<unknown> }) => ({
        words: await Promise.all(queries.slice(0, 3).map((query) => holding(db, vectors.words, query))),
        pairs: await Promise.all(queries.slice(3).map((query) => holding(db, vectors.pairs, query))),
      });
      const foundBefore = await found(stored);
      // Not vacuous: every query finds some prompts, and a word and a pair find only some of them.
      for (const ids of [...foundBefore.words, ...foundBefore.pairs]) expect(ids.length).toBeGreaterThan(0);
      expect(foundBefore.words[0]).toHaveLength(PROMPTS / 2);
      expect(foundBefore.pairs[2]).toEqual(['p007']);
      const sizeBefore = await tableSize(db);

      await searchWordExpressions.up(db);
      expect(await columns(db)).toEqual(['id', 'title', 'prompt']);
      expect(await found({ words: wordsOfRow('prompt_search'), pairs: pairsOfRow('prompt_search') })).toEqual(foundBefore);
      // The expressions the searches name are the indexes' own, with or without an alias for the table.
      expect(await planOf(db, wordsOfRow('s'))).toMatch(/Bitmap Index Scan on prompt_search_words_idx/);
      expect(await planOf(db, pairsOfRow('s'))).toMatch(/Bitmap Index Scan on prompt_search_word_pairs_idx/);
      // The dropped columns' bytes are gone from the table, not only from its description.
      expect(await tableSize(db)).toBeLessThan(sizeBefore / 2);
      expect(await costs(db)).toEqual(['search_word_pairs_of 1', 'search_words_of 1']);
      // ANALYZE computes no statistics of the expressions (each would cost the functions on every sampled row).
      await sql`ANALYZE prompt_search`.execute(db);
      expect(await expressionStatistics(db)).toEqual([]);
      // A new prompt's unseen words still reach search_words, computed from the row by the trigger.
      await insertBarePrompt(db, 'p900', 'Fresh', 'qzunseen words');
      expect(await knownWords(db, 'qzunseen%')).toEqual(['qzunseen']);

      await searchWordExpressions.down(db);
      expect(await columns(db)).toEqual(['id', 'title', 'prompt', 'words', 'word_pairs']);
      expect(await found(stored)).toEqual(foundBefore);
      expect(await costs(db)).toEqual(['search_word_pairs_of 100', 'search_words_of 100']);
      await insertBarePrompt(db, 'p901', 'Fresh', 'qzagain');
      expect(await knownWords(db, 'qzagain%')).toEqual(['qzagain']);
    });
  });
});
