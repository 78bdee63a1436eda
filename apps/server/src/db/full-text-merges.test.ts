import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt, insertPromptsIfAbsent } from '../prompts/insert-repository';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { FULL_TEXT_TABLES } from './full-text-merges';
import { newId } from './ids';
import * as fullTextMerges from './migrations/0018-full-text-merges';

/** How many segments an FTS5 index holds: each non-empty one has at least one row in its %_idx table. */
async function segments(db: Kysely<unknown>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM ${sql.table(`${table}_idx`)}`.execute(db);
  return Number(rows[0]?.n);
}

function newPrompt(index: number) {
  return {
    id: newId(),
    title: `Meal plan number ${index}`,
    prompt: `Plan a week of meals for a marathon runner, variant ${index}`,
    category: 'Writing',
    model: 'o3',
    created_at: '2026-11-26T10:00:00.000Z',
    duplicate_key: null,
  };
}

describe('full-text segments on sqlite', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterEach(async () => {
    await database.close();
  });

  /** Adds prompts one by one through the app's insert, and returns the most segments prompts_fts held after any of them. */
  async function mostSegmentsWhileAdding(count: number): Promise<number> {
    let most = 0;
    for (let index = 0; index < count; index += 1) {
      await insertPrompt(database.db, newPrompt(index));
      most = Math.max(most, await segments(database.db as unknown as Kysely<unknown>, 'prompts_fts'));
    }
    return most;
  }

  it('stay at most two however many prompts are added one by one, and every prompt is still found', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    expect(await mostSegmentsWhileAdding(30)).toBeLessThanOrEqual(2);
    await insertPromptsIfAbsent(database.db, [newPrompt(30), newPrompt(31)]);
    for (const table of FULL_TEXT_TABLES) {
      expect(await segments(db, table), table).toBeLessThanOrEqual(2);
      await sql`INSERT INTO ${sql.table(table)}(${sql.table(table)}) VALUES ('integrity-check')`.execute(db);
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM prompts_fts WHERE prompts_fts MATCH '"meal plan"'`.execute(db);
    expect(Number(rows[0]?.n)).toBe(32);
  });

  it("gather with FTS5's own usermerge (4), which the migration lowers to 2", async () => {
    await fullTextMerges.down(database.db as unknown as Kysely<unknown>);
    expect(await mostSegmentsWhileAdding(30)).toBeGreaterThan(2);
  });

  it('are folded by the migration where a library has gathered them', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await fullTextMerges.down(db);
    // Inserted without the app's merge step, as before the migration.
    for (let index = 0; index < 3; index += 1) {
      await sql`INSERT INTO prompts (id, title, prompt, category, model, created_at)
        VALUES (${newId()}, ${`Meal plan ${index}`}, 'Plan meals', 'Writing', 'o3', '2026-11-26T10:00:00.000Z')`.execute(db);
    }
    for (const table of FULL_TEXT_TABLES) expect(await segments(db, table), table).toBe(3);
    await fullTextMerges.up(db);
    for (const table of FULL_TEXT_TABLES) expect(await segments(db, table), table).toBe(1);
  });
});
