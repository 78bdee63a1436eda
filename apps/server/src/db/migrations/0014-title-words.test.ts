import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as titleWords from './0014-title-words';

describe('migration 0014 on sqlite', () => {
  it('indexes the words of existing and later titles, follows deletes and title changes, and can be rolled back', async () => {
    await withMigratedDatabase('sqlite', [initial], async (db) => {
      const insert = (id: string, title: string, prompt: string) => insertBarePrompt(db, id, title, prompt);
      const titlesWith = async (phrase: string) =>
        (
          await sql<{ id: string }>`SELECT prompts.id FROM prompt_title_words JOIN prompts ON prompts.rowid = prompt_title_words.rowid
            WHERE prompt_title_words MATCH ${`"${phrase}"`} ORDER BY prompts.id`.execute(db)
        ).rows.map((row) => row.id);

      await insert('p1', 'AB Testing: a Plan', 'Plan a test');
      // "plan" only in the text, and inside a title word: neither is a title word.
      await insert('p2', 'Planner for Tab_ab', 'A plan');
      await titleWords.up(db);
      // Whole words, case folded; "_" joins a word, as the whole-word rule says.
      expect(await titlesWith('ab')).toEqual(['p1']);
      expect(await titlesWith('plan')).toEqual(['p1']);
      expect(await titlesWith('tab_ab')).toEqual(['p2']);
      // Words in a row, whatever stands between them.
      expect(await titlesWith('testing a')).toEqual(['p1']);
      // Accents folded, and a combining mark after a word leaves the word.
      await insert('p3', 'Àb Ab\u0301 notes', 'Any');
      expect(await titlesWith('ab')).toEqual(['p1', 'p3']);

      // Each title marked printable ASCII or not, so one-word searches skip the check where they can.
      const charsets = async () =>
        (
          await sql<{ id: string; charset: string }>`SELECT prompts.id, prompt_title_words.charset FROM prompt_title_words
            JOIN prompts ON prompts.rowid = prompt_title_words.rowid ORDER BY prompts.id`.execute(db)
        ).rows.map((row) => `${row.id} ${row.charset}`);
      expect(await charsets()).toEqual(['p1 ascii', 'p2 ascii', 'p3 other']);

      await sql`DELETE FROM prompts WHERE id = 'p1'`.execute(db);
      expect(await titlesWith('ab')).toEqual(['p3']);
      await sql`UPDATE prompts SET title = 'Plan for AB' WHERE id = 'p2'`.execute(db);
      expect(await titlesWith('ab')).toEqual(['p2', 'p3']);
      expect(await titlesWith('tab_ab')).toEqual([]);
      await sql`UPDATE prompts SET title = 'Plain now' WHERE id = 'p3'`.execute(db);
      expect(await charsets()).toEqual(['p2 ascii', 'p3 ascii']);
      // A like rewrites the row but not its title: the index is left alone (and stays consistent).
      await sql`UPDATE prompts SET like_count = like_count + 1 WHERE id = 'p2'`.execute(db);
      await sql`INSERT INTO prompt_title_words(prompt_title_words) VALUES ('integrity-check')`.execute(db);

      await titleWords.down(db);
      const left = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'prompt_title_words%'`.execute(db);
      expect(left.rows).toEqual([]);
      await insert('p4', 'After', 'rolled back');
    });
  });
});
