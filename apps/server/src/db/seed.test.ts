import { charLength } from '@prompt-vault/shared/text';
import { promptInputSchema, commentInputSchema } from '@prompt-vault/shared/schemas';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../testing/test-database';
import { readSamplePrompts, seedSampleData } from './seed';

describe('the bundled sample prompts', () => {
  const samples = readSamplePrompts();

  it('are enough, varied and within every limit', () => {
    expect(samples.length).toBeGreaterThanOrEqual(60);
    expect(new Set(samples.map((s) => s.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(samples.map((s) => s.model)).size).toBeGreaterThanOrEqual(6);
    expect(samples.filter((s) => charLength(s.prompt) > 256).length).toBeGreaterThanOrEqual(12);
    expect(new Set(samples.map((s) => s.title)).size).toBe(samples.length);
    for (const sample of samples) {
      expect(promptInputSchema.safeParse(sample).success, sample.title).toBe(true);
      for (const note of sample.notes ?? []) expect(commentInputSchema.safeParse(note).success).toBe(true);
    }
  });
});

describe.each(TEST_DIALECTS)('seedSampleData on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  it('fills an empty database with counters equal to their rows, and only once', async () => {
    const inserted = await seedSampleData(database.db);
    expect(inserted).toBe(readSamplePrompts().length);
    expect(await seedSampleData(database.db)).toBe(0);

    const mismatches = await sql<{ id: string }>`
      select p.id from prompts p
      where p.like_count <> (select count(*) from likes l where l.prompt_id = p.id)
         or p.copy_count <> (select count(*) from copies c where c.prompt_id = p.id)
         or p.comment_count <> (select count(*) from comments m where m.prompt_id = p.id)
    `.execute(database.db);
    expect(mismatches.rows).toEqual([]);
    const notes = await database.db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(notes.n)).toBeGreaterThan(20);
  });
});
