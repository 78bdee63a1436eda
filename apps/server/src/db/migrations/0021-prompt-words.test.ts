import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchVocabularyMismatches } from '../../fuzz/invariants';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import { asciiWords } from '../sqlite-functions';
import * as promptWords from './0021-prompt-words';

/** Texts whose words the tokenizer and asciiWords could cut differently: case, digits, "_", accents, emoji, CJK. */
const TRICKY = [
  ['Café Crème_brûlée', 'MIXED case, digits 42x and x42; under_score; naïve résumé.'],
  ['Emoji 🚀launch', 'Tokyo 東京タワー, straße, İzmir and ΣΊΣΥΦΟΣ; tab\there "quoted" c++ & c#.'],
] as const;

describe('migration 0021 on sqlite', () => {
  it("indexes an existing library's words, lists them in the vocabulary as the tokenizer cut them, keeps both with new prompts, and can be rolled back", async () => {
    const { handle, drop } = await createEmptyDatabase('sqlite');
    try {
      await migrateToLatest(handle.db);
      const db = handle.db as unknown as Kysely<unknown>;
      await promptWords.down(db);
      await insertBarePrompt(db, 'p1', TRICKY[0][0], TRICKY[0][1]);
      await sql`UPDATE prompts SET status = 'hidden' WHERE id = 'p1'`.execute(db);

      await promptWords.up(db);
      await insertBarePrompt(db, 'p2', TRICKY[1][0], TRICKY[1][1]);
      const vocabulary = async () =>
        (await sql<{ word: string }>`SELECT word FROM search_vocabulary ORDER BY word`.execute(db)).rows.map((row) => row.word);
      const expected = [...new Set(TRICKY.flatMap(([title, prompt]) => [...asciiWords(title), ...asciiWords(prompt)]))].sort();
      // A hidden prompt's words too: a search's matches are found of any status.
      expect(await vocabulary()).toEqual(expected);
      // ASCII letters folded, anything past ASCII kept as it is and part of the word.
      expect(expected).toEqual(
        expect.arrayContaining(['café', 'crème', 'brûlée', 'x42', 'under', 'score', '🚀launch', '東京タワー', 'İzmir', 'ΣΊΣΥΦΟΣ']),
      );
      expect(expected).not.toContain('under_score');
      // The index's own words, listed by fts5vocab, are the vocabulary's, each keyed by its ending.
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);
      const found = async (phrase: string) =>
        (
          await sql<{ id: string }>`SELECT p.id FROM prompt_words w JOIN prompts p ON p.rowid = w.rowid
          WHERE prompt_words MATCH ${phrase} ORDER BY p.id`.execute(db)
        ).rows.map((row) => row.id);
      expect(await found('"crème brûlée"')).toEqual(['p1']);
      expect(await found('"tokyo 東京タワー"')).toEqual(['p2']);

      // A changed text's new words go into the vocabulary too.
      await sql`UPDATE prompts SET prompt = 'Freshly rewritten' WHERE id = 'p2'`.execute(db);
      expect(await vocabulary()).toEqual(expect.arrayContaining(['freshly', 'rewritten']));
      expect(await found('"freshly rewritten"')).toEqual(['p2']);
      expect(await found('"tokyo"')).toEqual([]);
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);

      // A word the writes forgot shows in the invariant.
      await sql`DELETE FROM search_vocabulary WHERE word = 'freshly'`.execute(db);
      expect(await searchVocabularyMismatches(handle.db)).toEqual(['"freshly": in the word index, not in the vocabulary']);

      await promptWords.down(db);
      await expect(sql`SELECT count(*) FROM search_vocabulary`.execute(db)).rejects.toThrow();
      await expect(sql`SELECT count(*) FROM prompt_words`.execute(db)).rejects.toThrow();
      // Prompts are still written without the triggers.
      await insertBarePrompt(db, 'p3', 'After', 'rollback');
    } finally {
      await handle.close();
      await drop();
    }
  });
});
