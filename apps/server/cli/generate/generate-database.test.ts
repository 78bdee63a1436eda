import { USER_ID_PATTERN } from '@prompt-vault/shared/limits';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../../src/testing/test-database';
import { summaryMismatches } from '../../src/fuzz/invariants';
import { defaultSize } from './dataset';
import { DatabaseNotEmptyError, generateDatabase } from './generate-database';

const NOW = new Date('2026-03-01T00:00:00.000Z');

describe.each(TEST_DIALECTS)('generateDatabase on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  const generate = (seed: number, force = false) =>
    generateDatabase({ database: parseDatabaseUrl(database.url), schema: database.schema, size: defaultSize(300), seed, now: NOW, force });

  it('writes the planned rows, with every counter equal to the rows it counts', async () => {
    await generate(7);
    const { db } = database;
    const count = async (table: 'prompts' | 'likes' | 'copies' | 'comments') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('prompts'), await count('likes'), await count('copies'), await count('comments')]).toEqual([300, 3000, 3000, 600]);

    const mismatches = await sql<{ id: string }>`
      SELECT p.id FROM prompts p
      WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.prompt_id = p.id)
         OR p.copy_count <> (SELECT count(*) FROM copies c WHERE c.prompt_id = p.id)
         OR p.comment_count <> (SELECT count(*) FROM comments n WHERE n.prompt_id = p.id)`.execute(db);
    expect(mismatches.rows).toEqual([]);
    // The summaries are counted once after the load (decision 0010).
    expect(await summaryMismatches(db)).toEqual([]);
    expect(Number((await db.selectFrom('summary_totals').select('prompts').executeTakeFirstOrThrow()).prompts)).toBe(300);

    // Every prompt has its category and topic as tags, one row each, and every tag's count equals its rows.
    const tagless = await db.selectFrom('prompts').select('id').where('tag_list', '=', '').execute();
    expect(tagless).toEqual([]);
    const tagRows = await sql<{ n: number }>`SELECT count(*) AS n FROM prompt_tags`.execute(db);
    const listed = await sql<{
      n: number;
    }>`SELECT sum(length(tag_list) - length(replace(tag_list, ' ', '')) + 1) AS n FROM prompts`.execute(db);
    expect(Number(tagRows.rows[0]?.n)).toBe(Number(listed.rows[0]?.n));
    const drift = await sql<{ name: string }>`
      SELECT t.name FROM tags t WHERE t.count <> (SELECT count(*) FROM prompt_tags pt WHERE pt.tag = t.name)`.execute(db);
    expect(drift.rows).toEqual([]);
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM tags`.execute(db)).rows[0]?.n)).toBeGreaterThan(30);

    const users = await db.selectFrom('likes').select('user_id').distinct().execute();
    expect(users.every((row) => USER_ID_PATTERN.test(row.user_id))).toBe(true);
    const categories = await db.selectFrom('prompts').select('category').distinct().execute();
    expect(categories.length).toBeGreaterThan(30);
    const late = await db.selectFrom('copies').select('created_at').where('created_at', '>=', NOW.toISOString()).execute();
    expect(late).toEqual([]);
    const early = await db.selectFrom('copies').select('created_at').where('created_at', '<', '2025-12-01').execute();
    expect(early).toEqual([]);
  });

  it('produces the same data from the same seed and different data from another', async () => {
    await generate(7);
    const first = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    await generate(7, true);
    const again = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    expect(again).toEqual(first);
    // A forced run starts over: the tag counts are the new data's alone.
    const tagTotal = async () => Number((await sql<{ n: number }>`SELECT sum(count) AS n FROM tags`.execute(database.db)).rows[0]?.n);
    expect(await tagTotal()).toBe(
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM prompt_tags`.execute(database.db)).rows[0]?.n),
    );
    await generate(8, true);
    const other = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    expect(other).not.toEqual(first);
    expect(other).toHaveLength(300);
    // Replacing the library leaves no summary of the one before.
    expect(await summaryMismatches(database.db)).toEqual([]);
  });

  it('refuses a database that already has prompts unless forced', async () => {
    await generate(7);
    await expect(generate(9)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await expect(generate(9)).rejects.toThrow(/already holds 300 prompts.*--force/);
  });
});
