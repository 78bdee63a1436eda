import { similarPromptsSchema } from '@prompt-vault/shared/schemas';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../db/connect';
import { readSamplePrompts, seedSampleData } from '../db/seed';
import { insertPromptsIfAbsent } from '../prompts/insert-repository';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp } from '../testing/test-app';

/**
 * One fixed corpus, stored through the import's write path with fixed ids,
 * asked the same drafts on each database: the answers must be the same to
 * the digit, ties included.
 */
const TOPICS = ['cold email', 'meal plan', 'cover letter', 'bug report', 'lesson plan', 'press release'];
const STEPS = [
  'start with one specific detail',
  'keep every sentence short',
  'end with one clear question',
  'use plain words a child knows',
  'list three options with their costs',
  'close with the next step and a date',
];

/** Each topic's text, and variants dropping or changing one of its steps: many pairs near each other, some tied. */
function corpus(): { id: string; title: string; prompt: string }[] {
  const rows: { id: string; title: string; prompt: string }[] = [];
  for (const [topicIndex, topic] of TOPICS.entries()) {
    for (let variant = 0; variant <= STEPS.length; variant += 1) {
      const steps = STEPS.filter((_, index) => index !== variant);
      rows.push({
        // Variants 0 and 2 tie; 'B' comes before 'a' by code point but after it in a locale's order.
        id: `${variant === 2 ? 'B' : 'a'}${topicIndex}${variant}`,
        title: `${topic} helper`,
        prompt: `Write a ${topic} for me. ${steps.join('. ')}.`,
      });
    }
  }
  return rows;
}

const DRAFTS = [
  ...TOPICS.map((topic) => ({ title: `${topic} helper!`, prompt: `Write a ${topic} for me. ${STEPS.join('. ')}.` })),
  { title: 'cold email helper', prompt: `Write a cold email for me. ${STEPS.slice(0, 3).join('. ')}.` },
  { title: 'Something else', prompt: 'Nothing in this text is in the library at all.' },
];

async function answers(dialect: Dialect): Promise<unknown[]> {
  const t: TestApp = await createTestApp(dialect);
  try {
    const rows = corpus().map((row) => ({ ...row, category: 'Writing', model: 'o3', created_at: '2025-01-01T00:00:00.000Z' }));
    await insertPromptsIfAbsent(t.database.db, rows);
    const found: unknown[] = [];
    for (const draft of DRAFTS) {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: draft });
      expect(response.statusCode).toBe(200);
      found.push(similarPromptsSchema.parse(response.json()).similar);
    }
    return found;
  } finally {
    await t.close();
  }
}

describe('POST /api/prompts/similar, one corpus on every database', () => {
  it('gives the same answers, ties and order included', async () => {
    const [first, ...others] = await Promise.all(TEST_DIALECTS.map(answers));
    for (const other of others) expect(other).toEqual(first);
    // The corpus is not trivial: full answers, and ties broken by id in code point order ('B02' before 'a00').
    const lists = first as { _id: string; similarity: number }[][];
    expect(lists.filter((list) => list.length === 3).length).toBeGreaterThanOrEqual(TOPICS.length);
    const tiedPairs = lists.flatMap((list) =>
      list.slice(1).flatMap((match, index) => (list[index]?.similarity === match.similarity ? [[list[index], match]] : [])),
    );
    // Four topics tie their variants 0 and 2 in the top three (meal plan and lesson plan crowd each other out).
    expect(tiedPairs.length, JSON.stringify(lists)).toBe(4);
    for (const pair of tiedPairs) expect(pair.map((match) => match?._id.slice(0, 1))).toEqual(['B', 'a']);
    expect(lists.at(-1)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('every write path stores the keys on %s', (dialect) => {
  it('finds the sample data and imported prompts', async () => {
    const t = await createTestApp(dialect);
    try {
      await seedSampleData(t.database.db);
      const sample = readSamplePrompts()[0];
      if (!sample) throw new Error('no sample prompts');
      const ask = async (draft: { title: string; prompt: string }) =>
        similarPromptsSchema.parse((await t.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: draft })).json()).similar;
      expect((await ask({ title: `${sample.title}!`, prompt: sample.prompt }))[0]?.title).toBe(sample.title);

      await insertPromptsIfAbsent(t.database.db, [
        { id: 'imported1', title: 'Imported Prompt', prompt: 'Summarise the attached report in five bullet points for a busy manager.', category: 'Writing', model: 'o3', created_at: '2025-01-01T00:00:00.000Z' },
      ]); // prettier-ignore
      expect(
        await ask({ title: 'Imported prompt', prompt: 'Summarise the attached report in five bullet points for a busy manager.' }),
      ).toEqual([{ _id: 'imported1', title: 'Imported Prompt', similarity: 1 }]);
    } finally {
      await t.close();
    }
  });
});
