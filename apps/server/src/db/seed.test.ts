import { charLength } from '@prompt-vault/shared/text';
import { promptInputSchema, commentInputSchema } from '@prompt-vault/shared/schemas';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchGramMismatches, searchVocabularyMismatches, searchWordCountMismatches, summaryMismatches } from '../fuzz/invariants';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../testing/test-database';
import { sampleTags } from './sample-tags';
import { SAMPLE_WEEKS, readSamplePrompts, seedSampleData } from './seed';

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
      for (const comment of sample.comments ?? []) expect(commentInputSchema.safeParse(comment).success).toBe(true);
    }
  });
});

/** How many samples have each value of `pick`, most first. */
function counts(samples: readonly { category: string; model: string }[], pick: 'category' | 'model'): number[] {
  const tally = new Map<string, number>();
  for (const sample of samples) tally.set(sample[pick], (tally.get(sample[pick]) ?? 0) + 1);
  return [...tally.values()].sort((a, b) => b - a);
}

describe('the shape of the sample data (seed.ts: what makes it look like a real library)', () => {
  const samples = readSamplePrompts();

  it('has uneven categories and models: a few large, a long tail of small ones', () => {
    for (const pick of ['category', 'model'] as const) {
      const sizes = counts(samples, pick);
      expect(sizes[0], pick).toBeGreaterThanOrEqual(3 * (sizes.at(-1) ?? 0));
      // No plateau of equal slices: most sizes differ from their neighbour.
      const steps = sizes.slice(1).filter((size, index) => size < (sizes[index] ?? 0)).length;
      expect(steps, pick).toBeGreaterThanOrEqual(Math.floor((sizes.length - 1) / 2));
    }
  });

  it('was shared over the last eight weeks, more in recent weeks, a few prompts on most days', () => {
    const weeks = Array.from({ length: SAMPLE_WEEKS }, (_, week) => samples.filter((s) => Math.floor(s.daysAgo / 7) === week).length);
    expect(samples.every((s) => s.daysAgo >= 0 && s.daysAgo < SAMPLE_WEEKS * 7)).toBe(true);
    // Week 0 is the last seven days. Each week shares more than the week before it.
    for (let week = 0; week < SAMPLE_WEEKS - 1; week += 1) {
      expect(weeks[week], `week ${week} against week ${week + 1}`).toBeGreaterThan(weeks[week + 1] ?? 0);
    }
    const lastMonth = new Set(samples.filter((s) => s.daysAgo < 30).map((s) => s.daysAgo));
    expect(lastMonth.size).toBeGreaterThanOrEqual(20);
  });

  it('has notes written after the prompt was shared, and older prompts liked and copied more', () => {
    for (const sample of samples) {
      for (const comment of sample.comments ?? []) expect(comment.daysAgo, sample.title).toBeLessThanOrEqual(sample.daysAgo);
      expect(sample.copies, sample.title).toBeGreaterThanOrEqual(sample.likes);
    }
    const older = samples.filter((s) => s.daysAgo >= 28);
    const newer = samples.filter((s) => s.daysAgo < 7);
    const average = (list: readonly { likes: number }[]) => list.reduce((sum, s) => sum + s.likes, 0) / list.length;
    expect(average(older)).toBeGreaterThan(2 * average(newer));
  });
});

describe('the sample tags rule (sample-tags.ts)', () => {
  it('tags the category, then the title topic words in title order', () => {
    expect(sampleTags({ title: 'SQL Query Performance Review', category: 'Coding' })).toEqual(['coding', 'sql', 'review']);
    expect(sampleTags({ title: 'Chart Recommendation Guide', category: 'Data Analysis' })).toEqual(['data-analysis']);
    expect(sampleTags({ title: 'Data Cleaning Plan for Messy Datasets', category: 'Data Analysis' })).toEqual([
      'data-analysis',
      'data',
      'plan',
    ]);
  });

  it('gives every sample valid tags, most prompts a topic beyond their category, and tags shared between prompts', () => {
    const samples = readSamplePrompts();
    const tagged = samples.map(sampleTags);
    for (const tags of tagged) expect(promptInputSchema.shape.tags.parse(tags)).toEqual(tags);
    expect(tagged.filter((tags) => tags.length >= 2).length).toBeGreaterThanOrEqual(samples.length / 2);
    const uses = new Map<string, number>();
    for (const tag of tagged.flatMap((tags) => tags.slice(1))) uses.set(tag, (uses.get(tag) ?? 0) + 1);
    expect([...uses.values()].filter((count) => count >= 3).length).toBeGreaterThanOrEqual(5);
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
    expect(await summaryMismatches(database.db)).toEqual([]);
    expect(await searchGramMismatches(database.db)).toEqual([]);
    expect(await searchVocabularyMismatches(database.db)).toEqual([]);
    expect(await searchWordCountMismatches(database.db)).toEqual([]);
    const comments = await database.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(comments.n)).toBeGreaterThan(20);

    // Tags by the rule, each prompt's rows, and every count equal to the prompts carrying it.
    const stored = await database.db.selectFrom('prompts').select(['title', 'category', 'tag_list']).execute();
    for (const prompt of stored) expect(prompt.tag_list.split(' ').filter(Boolean), prompt.title).toEqual(sampleTags(prompt));
    const drift = await sql<{ name: string }>`
      select t.name from tags t where t.count <> (select count(*) from prompt_tags pt where pt.tag = t.name)
    `.execute(database.db);
    expect(drift.rows).toEqual([]);
    const tagRows = await database.db
      .selectFrom('prompt_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tagRows.n)).toBe(stored.reduce((sum, prompt) => sum + sampleTags(prompt).length, 0));
  });
});
