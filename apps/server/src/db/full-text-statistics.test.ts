import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../testing/bare-prompt';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { dropFullTextSamples } from './full-text-statistics';
import { migrateToLatest } from './migrate';

describe('dropFullTextSamples on SQLite', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterEach(() => database.close());

  const sampledTables = async () => {
    const { rows } = await sql<{ tbl: string }>`SELECT DISTINCT tbl FROM sqlite_stat4 ORDER BY tbl`.execute(database.db);
    return rows.map(({ tbl }) => tbl);
  };

  it('drops the samples of every full-text index’s own tables after an ANALYZE, and keeps every other table’s', async () => {
    for (let n = 0; n < 30; n += 1) await insertBarePrompt(database.db, `p${n}`, `Title ${n} about meal plans`, `Prompt text ${n}`);
    await sql`ANALYZE`.execute(database.db);
    const before = await sampledTables();
    expect(before).toEqual(
      expect.arrayContaining(['prompts', 'prompts_fts_idx', 'prompt_titles_fts_idx', 'prompt_title_words_idx', 'prompt_words_idx']),
    );

    expect(await dropFullTextSamples(database.db)).toBeGreaterThan(0);

    const after = await sampledTables();
    expect(after).toContain('prompts');
    expect(after).toEqual(
      before.filter((table) => !/^(prompts_fts|prompt_titles_fts|prompt_title_words|prompt_words|search_vocabulary_grams)_/.test(table)),
    );
    // The vocabulary's own table keeps its samples: it is not an index's shadow table.
    expect(after).toContain('search_vocabulary');
    // The index still finds its matches.
    const found = await sql<{ n: number }>`SELECT count(*) AS n FROM prompts_fts WHERE prompts_fts MATCH '"meal"'`.execute(database.db);
    expect(found.rows[0]?.n).toBe(30);
    expect(await dropFullTextSamples(database.db)).toBe(0);
  });

  it('is run by every migration run: a server started after an ANALYZE finds no samples of them', async () => {
    for (let n = 0; n < 10; n += 1) await insertBarePrompt(database.db, `p${n}`, `Title ${n}`, `Prompt text ${n}`);
    await sql`ANALYZE`.execute(database.db);
    expect(await sampledTables()).toContain('prompts_fts_idx');
    await migrateToLatest(database.db);
    const after = await sampledTables();
    expect(after).toContain('prompts');
    // Only FTS5's shadow tables are named so (sqlite_stat4 names tables, not indexes).
    expect(after.filter((table) => table.endsWith('_idx'))).toEqual([]);
  });

  it('does nothing to a database never analysed', async () => {
    expect(await dropFullTextSamples(database.db)).toBe(0);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sqlite_stat4'`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });
});
