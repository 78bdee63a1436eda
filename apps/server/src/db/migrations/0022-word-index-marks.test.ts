import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchVocabularyMismatches } from '../../fuzz/invariants';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import { SEPARATOR_MARK, wordIndexText } from '../sqlite-functions';
import * as wordIndexMarks from './0022-word-index-marks';

describe('the text the word index reads', () => {
  it('marks every run of separators but a single space, and leaves the words as they are', () => {
    const mark = ` ${SEPARATOR_MARK} `;
    expect(wordIndexText('Road trip')).toBe('Road trip');
    expect(wordIndexText('Road, trip')).toBe(`Road${mark}trip`);
    expect(wordIndexText('c++ tips.')).toBe(`c${mark}tips${mark}`);
    expect(wordIndexText('two  spaces\nand a\ttab')).toBe(`two${mark}spaces${mark}and a${mark}tab`);
    // Past ASCII is part of a word, as the tokenizer reads it; an edge's single space is left as it is.
    expect(wordIndexText(' café—crème ')).toBe(' café—crème ');
  });
});

describe('migration 0022 on sqlite', () => {
  it("marks an existing library's word index, keeps the marks with new and changed prompts, and can be rolled back", async () => {
    const { handle, drop } = await createEmptyDatabase('sqlite');
    try {
      await migrateToLatest(handle.db);
      const db = handle.db as unknown as Kysely<unknown>;
      await wordIndexMarks.down(db);
      await insertBarePrompt(db, 'plain', 'Road trip', 'A road trip planner.');
      await insertBarePrompt(db, 'comma', 'Road, trip', 'Road\ntrip, with a line break.');
      const found = async (phrase: string) =>
        (
          await sql<{ id: string }>`SELECT p.id FROM prompt_words w JOIN prompts p ON p.rowid = w.rowid
          WHERE prompt_words MATCH ${phrase} ORDER BY p.id`.execute(db)
        ).rows.map((row) => row.id);
      // Before: the words stand next to each other across any separator.
      expect(await found('"road trip"')).toEqual(['comma', 'plain']);

      await wordIndexMarks.up(db);
      expect(await found('"road trip"')).toEqual(['plain']);
      expect(await found(`"road ${SEPARATOR_MARK} trip"`)).toEqual(['comma']);
      // The mark is a word of the index, so the vocabulary lists it, and FTS5's check reads the marked view.
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);

      await insertBarePrompt(db, 'new', 'Road: trip', 'A road trip again.');
      await sql`UPDATE prompts SET title = 'Road   trip' WHERE id = 'plain'`.execute(db);
      expect(await found('"road trip"')).toEqual(['new', 'plain']);
      expect(await found(`"road ${SEPARATOR_MARK} trip"`)).toEqual(['comma', 'new', 'plain']);
      await sql`UPDATE prompts SET prompt = 'No road here, nor a trip.' WHERE id = 'new'`.execute(db);
      expect(await found('"road trip"')).toEqual(['plain']);
      await sql`DELETE FROM prompts WHERE id = 'comma'`.execute(db);
      expect(await found(`"road ${SEPARATOR_MARK} trip"`)).toEqual(['new', 'plain']);
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);

      // Run again, as after a stop between its commit and Kysely's record of it: the same index.
      await wordIndexMarks.up(db);
      expect(await found('"road trip"')).toEqual(['plain']);
      expect(await found(`"road ${SEPARATOR_MARK} trip"`)).toEqual(['new', 'plain']);
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);

      await wordIndexMarks.down(db);
      expect(await found('"road trip"')).toEqual(['new', 'plain']);
      expect(await found(`"road ${SEPARATOR_MARK} trip"`)).toEqual([]);
      expect(await searchVocabularyMismatches(handle.db)).toEqual([]);
      await expect(sql`SELECT count(*) FROM prompt_words_source`.execute(db)).rejects.toThrow();
    } finally {
      await handle.close();
      await drop();
    }
  });
});
