import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchWordCountMismatches } from '../../fuzz/invariants';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import * as searchWordCounts from './0017-search-word-counts';
import * as searchWordExpressions from './0020-search-word-expressions';

describe.each(TEST_DIALECTS)('migration 0017 on %s', (dialect) => {
  it("counts an existing library's visible prompts by their search words on PostgreSQL, and can be rolled back", async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      await migrateToLatest(handle.db, schema);
      const db = handle.db as unknown as Kysely<unknown>;
      // As the database stood before migration 0020: this one counts from the stored words that 0020 drops.
      await searchWordExpressions.down(db);
      await searchWordCounts.down(db);
      await insertBarePrompt(db, 'p1', 'About tides', 'About the tides, about the moon');
      await insertBarePrompt(db, 'p2', 'Whereabouts', 'Where are the tides');
      await insertBarePrompt(db, 'p3', 'Hidden about', 'about');
      await sql`UPDATE prompts SET status = 'hidden' WHERE id = 'p3'`.execute(db);

      await searchWordCounts.up(db);
      if (dialect === 'sqlite') {
        // SQLite has no word index, and so no table.
        await expect(sql`SELECT count(*) FROM search_word_counts`.execute(db)).rejects.toThrow();
        return;
      }
      const kept = async (word: string) =>
        (await sql<{ prompts: number | string }>`SELECT prompts FROM search_word_counts WHERE word = ${word}`.execute(db)).rows.map((row) =>
          Number(row.prompts),
        );
      // "about" is in p1 (three times, counted once); p3 is hidden; "whereabouts" is a word of its own.
      expect(await kept('about')).toEqual([1]);
      expect(await kept('tides')).toEqual([2]);
      expect(await kept('whereabouts')).toEqual([1]);
      expect(await searchWordCountMismatches(handle.db)).toEqual([]);

      await searchWordCounts.down(db);
      await expect(sql`SELECT count(*) FROM search_word_counts`.execute(db)).rejects.toThrow();
    } finally {
      await handle.close();
      await drop();
    }
  });
});
