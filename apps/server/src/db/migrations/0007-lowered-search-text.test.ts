import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { withMigratedDatabase } from '../../testing/test-database';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as loweredSearchText from './0007-lowered-search-text';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0007 on postgres', () => {
  it('lower-cases the searchable copy of existing and later prompts, keeps its indexes, and can be rolled back', async () => {
    await withMigratedDatabase('postgres', [initial, searchIndexes], async (db) => {
      const insert = (id: string, title: string, prompt: string) => insertBarePrompt(db, id, title, prompt);
      const searchCopy = async () =>
        (await sql<{ id: string; title: string; prompt: string }>`SELECT id, title, prompt FROM prompt_search ORDER BY id`.execute(db))
          .rows;
      const trigramIndexes = async () =>
        (
          await sql<{
            name: string;
          }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'prompt_search' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`.execute(
            db,
          )
        ).rows.map((row) => row.name);

      await insert('p1', 'Crème BRÛLÉE', 'Write ÜBER Text');
      const indexesBefore = await trigramIndexes();
      expect(indexesBefore).toEqual(['prompt_search_prompt_trgm_idx', 'prompt_search_title_trgm_idx']);

      await loweredSearchText.up(db);
      await insert('p2', 'ÄÖÜ Planner', 'MIXED case');
      expect(await searchCopy()).toEqual([
        { id: 'p1', title: 'crème brûlée', prompt: 'write über text' },
        { id: 'p2', title: 'äöü planner', prompt: 'mixed case' },
      ]);
      expect(await trigramIndexes()).toEqual(indexesBefore);
      await sql`UPDATE prompts SET title = 'Édition Nouvelle' WHERE id = 'p1'`.execute(db);
      expect((await searchCopy())[0]?.title).toBe('édition nouvelle');

      await loweredSearchText.down(db);
      expect(await searchCopy()).toEqual([
        { id: 'p1', title: 'Édition Nouvelle', prompt: 'Write ÜBER Text' },
        { id: 'p2', title: 'ÄÖÜ Planner', prompt: 'MIXED case' },
      ]);
      expect(await trigramIndexes()).toEqual(indexesBefore);
    });
  });
});
