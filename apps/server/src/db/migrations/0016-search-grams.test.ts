import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchGramMismatches } from '../../fuzz/invariants';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import * as searchGrams from './0016-search-grams';

describe.each(TEST_DIALECTS)('migration 0016 on %s', (dialect) => {
  it("counts an existing library's visible prompts by their short needles, and can be rolled back", async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      await migrateToLatest(handle.db, schema);
      const db = handle.db as unknown as Kysely<unknown>;
      await searchGrams.down(db);
      await insertBarePrompt(db, 'p1', 'Abba', 'ab ab');
      await insertBarePrompt(db, 'p2', 'Cab', 'No match here');
      await insertBarePrompt(db, 'p3', 'Hidden ab', 'ab');
      await sql`UPDATE prompts SET status = 'hidden' WHERE id = 'p3'`.execute(db);

      await searchGrams.up(db);
      const kept = async (gram: string) =>
        (await sql<{ prompts: number | string }>`SELECT prompts FROM search_grams WHERE gram = ${gram}`.execute(db)).rows.map((row) =>
          Number(row.prompts),
        );
      // "ab" is in p1 (twice, counted once) and p2's "Cab"; p3 is hidden.
      expect(await kept('ab')).toEqual([2]);
      expect(await kept('bb')).toEqual([1]);
      expect(await searchGramMismatches(handle.db)).toEqual([]);

      await searchGrams.down(db);
      await expect(sql`SELECT count(*) FROM search_grams`.execute(db)).rejects.toThrow();
    } finally {
      await handle.close();
      await drop();
    }
  });
});
