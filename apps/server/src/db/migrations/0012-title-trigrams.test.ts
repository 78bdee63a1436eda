import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as titleTrigrams from './0012-title-trigrams';

describe('migration 0012 on sqlite', () => {
  it('indexes the titles of existing and later prompts, follows deletes, and can be rolled back', async () => {
    await withMigratedDatabase('sqlite', [initial, searchIndexes], async (db) => {
      const insert = (id: string, title: string, prompt: string) => insertBarePrompt(db, id, title, prompt);
      const titlesWith = async (text: string) =>
        (
          await sql<{ id: string }>`SELECT prompts.id FROM prompt_titles_fts JOIN prompts ON prompts.rowid = prompt_titles_fts.rowid
            WHERE prompt_titles_fts MATCH ${`"${text}"`} ORDER BY prompts.id`.execute(db)
        ).rows.map((row) => row.id);

      await insert('p1', 'Language Teacher', 'Plan a lesson');
      // "language" only in the text: a titles' index must not find it.
      await insert('p2', 'Lesson Plan', 'For a language class');
      await titleTrigrams.up(db);
      expect(await titlesWith('language')).toEqual(['p1']);
      // Case-insensitive, inside longer words, as the trigram tokenizer matches.
      await insert('p3', 'LANGUAGES of the World', 'Any');
      expect(await titlesWith('language')).toEqual(['p1', 'p3']);
      expect(await titlesWith('lesson')).toEqual(['p2']);

      await sql`DELETE FROM prompts WHERE id = 'p1'`.execute(db);
      expect(await titlesWith('language')).toEqual(['p3']);
      await sql`UPDATE prompts SET title = 'Language Lab' WHERE id = 'p2'`.execute(db);
      expect(await titlesWith('language')).toEqual(['p2', 'p3']);
      expect(await titlesWith('lesson')).toEqual([]);
      // A like rewrites the row but not its title: the index is left alone (and stays consistent).
      await sql`UPDATE prompts SET like_count = like_count + 1 WHERE id = 'p3'`.execute(db);
      await sql`INSERT INTO prompt_titles_fts(prompt_titles_fts) VALUES ('integrity-check')`.execute(db);

      await titleTrigrams.down(db);
      const left = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'prompt_titles_fts%'`.execute(db);
      expect(left.rows).toEqual([]);
      await insert('p4', 'After', 'rolled back');
    });
  });
});
