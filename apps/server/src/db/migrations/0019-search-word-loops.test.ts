import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import { readSamplePrompts } from '../seed';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';
import * as searchWords from './0011-search-words';
import { WORD_LENGTH, WORD_STEP } from './0011-search-words';
import * as searchWordPairs from './0018-search-word-pairs';
import { PAIR_SIDE_LENGTH } from './0018-search-word-pairs';
import * as searchWordLoops from './0019-search-word-loops';

/** Run lengths either side of every boundary the functions cut at: a piece's step and length, a pair's side. */
const EDGE_LENGTHS = [WORD_STEP, WORD_LENGTH, PAIR_SIDE_LENGTH, WORD_LENGTH + WORD_STEP].flatMap((length) => [
  length - 1,
  length,
  length + 1,
]);

/**
 * Lower-cased texts as prompt_search holds them: runs of 0-9 and a-z of any
 * length, including those at the boundaries, between separators of one or
 * more characters (spaces, punctuation, letters beyond a-z, an underscore),
 * with or without a separator at either end.
 */
const text = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z0-9]{1,12}$/),
      fc.constantFrom(...EDGE_LENGTHS).chain((length) => fc.stringMatching(new RegExp(`^[a-z0-9]{${length}}$`))),
      fc.constantFrom(' ', '  ', ', ', '-', '_', 'é', ' — ', '\n', '.'),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0019 on postgres', () => {
  it('gives the same words and pairs as the statements it replaces, for random texts and every sample prompt, and can be rolled back', async () => {
    await withMigratedDatabase('postgres', [initial, searchIndexes, loweredSearchText, searchWords, searchWordPairs], async (db) => {
      const samples = readSamplePrompts().map((prompt) => [prompt.title.toLowerCase(), prompt.prompt.toLowerCase()] as const);
      const random = fc.sample(fc.tuple(text, text), { numRuns: 500, seed: 19 });
      const fixed = [
        ['', ''],
        ['one', ''],
        ['-', 'a-'],
        ['go', `go-${'x'.repeat(91)}`],
      ] as const;
      const cases = [...fixed, ...random, ...samples];
      const titles = cases.map(([title]) => title);
      const prompts = cases.map(([, prompt]) => prompt);
      /** What the functions in place give for every case, and the words of a title alone (as migration 0015 asks). */
      const lexemes = async () =>
        (
          await sql<{ words: string; title_words: string; pairs: string }>`
            SELECT search_words_of(title || ' ' || prompt)::text AS words, search_words_of(title)::text AS title_words,
                   search_word_pairs_of(title, prompt)::text AS pairs
            FROM unnest(${titles}::text[], ${prompts}::text[]) WITH ORDINALITY AS cases (title, prompt, n) ORDER BY n`.execute(db)
        ).rows;
      const stored = async () =>
        (
          await sql<{ id: string; words: string; pairs: string }>`
          SELECT id, words::text AS words, word_pairs::text AS pairs FROM prompt_search ORDER BY id`.execute(db)
        ).rows;

      const definitions = async () =>
        (
          await sql<{ name: string; language: string; volatility: string; parallel: string; strict: boolean }>`
            SELECT p.proname AS name, l.lanname AS language, p.provolatile AS volatility, p.proparallel AS parallel,
                   p.proisstrict AS strict
            FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.proname IN ('search_words_of', 'search_word_pairs_of') AND p.pronamespace = current_schema()::regnamespace
            ORDER BY 1`.execute(db)
        ).rows.map((row) => `${row.name}: ${row.language}, ${row.volatility}${row.parallel}${row.strict ? ' strict' : ''}`);
      const prompt = `...Write a meal-plan, then ${'x'.repeat(91)} plans; crème brûlée!`;

      await insertBarePrompt(db, 'p1', 'Meal Plan', prompt);
      const before = await lexemes();
      const [storedBefore] = await stored();
      // Not vacuous: no text makes nothing; one word makes no pair; a run of 91 makes pieces at 1, 31 and 61, and
      // its first 30 characters end its pair with the word before it (none with the title's word).
      expect(before.slice(0, 4)).toEqual([
        { words: '', title_words: '', pairs: '' },
        { words: "'one'", title_words: "'one'", pairs: '' },
        { words: "'a'", title_words: '', pairs: '' },
        { words: `'go' '${'x'.repeat(31)}' '${'x'.repeat(60)}'`, title_words: "'go'", pairs: `'go ${'x'.repeat(30)}'` },
      ]);

      await searchWordLoops.up(db);
      // Immutable, parallel safe and strict, as before: a generated column takes only an immutable function.
      expect(await definitions()).toEqual(['search_word_pairs_of: plpgsql, is strict', 'search_words_of: plpgsql, is strict']);
      expect(await lexemes()).toEqual(before);
      // A later prompt stores what the statements would have stored, and the earlier one is untouched.
      await insertBarePrompt(db, 'p2', 'Meal Plan', prompt);
      expect(await stored()).toEqual([storedBefore, { ...storedBefore, id: 'p2' }]);

      await searchWordLoops.down(db);
      expect(await definitions()).toEqual(['search_word_pairs_of: sql, is strict', 'search_words_of: sql, is strict']);
      expect(await lexemes()).toEqual(before);
    });
  });
});
