import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { summaryMismatches } from '../../fuzz/invariants';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import type { Database } from '../schema';
import * as initial from './0001-initial';
import * as searchIndexes from './0002-search-indexes';
import * as moderation from './0003-moderation';
import * as mergeSpellings from './0004-merge-spellings';
import * as summaries from './0005-summaries';

/** The summaries as the reads see them: shards summed, zero rows left out. */
async function summariesOf(db: Kysely<Database>) {
  const totals = await sql<{ prompts: string; likes: string; copies: string }>`
    select sum(prompts) as prompts, sum(likes) as likes, sum(copies) as copies from summary_totals`.execute(db);
  const days = await sql<{ day: string; prompts: string; likes: string; copies: string }>`
    select day, sum(prompts) as prompts, sum(likes) as likes, sum(copies) as copies from summary_days group by day order by day`.execute(
    db,
  );
  const facets = await db
    .selectFrom('summary_facets')
    .select(['field', 'name', 'prompts'])
    .where('prompts', '<>', 0)
    .orderBy('field')
    .orderBy('name')
    .execute();
  const words = await db.selectFrom('summary_keywords').select(['word', 'uses']).where('uses', '<>', 0).orderBy('word').execute();
  const row = totals.rows[0];
  return {
    totals: [Number(row?.prompts), Number(row?.likes), Number(row?.copies)],
    days: days.rows
      .map((day) => [day.day, Number(day.prompts), Number(day.likes), Number(day.copies)])
      .filter(([, ...counts]) => counts.some((count) => count !== 0)),
    facets: facets.map((facet) => `${facet.field} ${facet.name}: ${Number(facet.prompts)}`),
    words: words.map((word) => `${word.word}: ${Number(word.uses)}`),
  };
}

describe.each(TEST_DIALECTS)('migration 0005 on %s', (dialect) => {
  it('counts an existing library once, leaving hidden prompts and their likes and copies out; the triggers then follow the rows', async () => {
    const { handle, drop } = await createEmptyDatabase(dialect);
    try {
      const untyped = handle.db as unknown as Kysely<unknown>;
      for (const migration of [initial, searchIndexes, moderation, mergeSpellings]) await migration.up(untyped);
      const prompt = (id: string, title: string, category: string, model: string, day: string, status: 'visible' | 'hidden') => ({
        id,
        title,
        prompt: `Text of ${id}`,
        category,
        model,
        status,
        created_at: `2025-01-${day}T10:00:00.000Z`,
        duplicate_key: id,
      });
      await handle.db
        .insertInto('prompts')
        .values([
          prompt('p1', 'Email review, email!', 'Coding', 'GPT-4o', '01', 'visible'),
          prompt('p2', 'Code Review with style', 'Coding', 'o3', '02', 'visible'),
          prompt('p3', 'Hidden email', 'Writing', 'o3', '02', 'hidden'),
        ])
        .execute();
      const event = (prompt_id: string, user_id: string, day: string) => ({
        prompt_id,
        user_id,
        created_at: `2025-01-${day}T12:00:00.000Z`,
      });
      await handle.db
        .insertInto('likes')
        .values([event('p1', 'u1', '03'), event('p1', 'u2', '04'), event('p2', 'u1', '04'), event('p3', 'u1', '04')])
        .execute();
      await handle.db
        .insertInto('copies')
        .values([event('p2', 'u1', '03'), event('p2', 'u2', '03'), event('p3', 'u1', '03')])
        .execute();

      await summaries.up(untyped);

      // Worked out by hand: p3 is hidden, so it, its like and its copy are not counted.
      expect(await summariesOf(handle.db)).toEqual({
        totals: [2, 3, 2],
        days: [
          ['2025-01-01', 1, 0, 0],
          ['2025-01-02', 1, 0, 0],
          ['2025-01-03', 0, 1, 2],
          ['2025-01-04', 0, 2, 0],
        ],
        facets: ['category Coding: 2', 'model GPT-4o: 1', 'model o3: 1'],
        words: ['code: 1', 'email: 2', 'review: 2', 'style: 1'],
      });
      expect(await summaryMismatches(handle.db)).toEqual([]);

      // Showing p3 (written directly, as another tool might) brings it, its like and its copy in.
      await handle.db.updateTable('prompts').set({ status: 'visible' }).where('id', '=', 'p3').execute();
      await handle.db.deleteFrom('likes').where('prompt_id', '=', 'p1').where('user_id', '=', 'u1').execute();
      const after = await summariesOf(handle.db);
      expect(after.totals).toEqual([3, 3, 3]);
      expect(after.days).toEqual([
        ['2025-01-01', 1, 0, 0],
        ['2025-01-02', 2, 0, 0],
        ['2025-01-03', 0, 0, 3],
        ['2025-01-04', 0, 3, 0],
      ]);
      expect(after.facets).toEqual(['category Coding: 2', 'category Writing: 1', 'model GPT-4o: 1', 'model o3: 2']);

      await summaries.down(untyped);
      await summaries.up(untyped);
      expect((await summariesOf(handle.db)).totals).toEqual([3, 3, 3]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
