import { describe, expect, it } from 'vitest';
import { type AnalyticsAnswer, nextCopyCount, toDashboard } from './dashboard';

const answer: AnalyticsAnswer = {
  overview: { totalPrompts: 3, totalLikes: 4, totalCopies: 5 },
  categoryStats: [
    { name: 'Writing', promptCount: 2 },
    { name: '', promptCount: 1 },
  ],
  modelStats: [
    { name: 'GPT-4o', promptCount: 1 },
    { name: 'Claude', promptCount: 1 },
    { name: 'Gemini', promptCount: 1 },
  ],
  topCopiedPrompts: [
    { _id: 'a', title: 'A', category: 'Writing', model: '', prompt: 'text', copyCount: 5, likes: 2 },
    { _id: 'b', title: 'B', category: 'Writing', model: 'Claude', prompt: '', copyCount: 1 },
  ],
  activity: [{ date: '2026-11-21', prompts: 3, likes: 4, copies: 5 }],
};

describe('toDashboard', () => {
  it('maps a full answer, with Models as the number of model statistics', () => {
    const data = toDashboard(answer);
    expect(data).toMatchObject({ totalPrompts: 3, totalLikes: 4, totalCopies: 5, modelCount: 3 });
    expect(data?.categorySlices).toEqual([
      { name: 'Writing', count: 2 },
      { name: 'Uncategorized', count: 1 },
    ]);
    expect(data?.activity).toHaveLength(1);
  });

  it('ranks the leaderboard, shows a missing model as Uncategorized and keeps likes only when present', () => {
    const data = toDashboard(answer);
    expect(data?.leaderboard).toEqual([
      { id: 'a', rank: 1, title: 'A', category: 'Writing', model: 'Uncategorized', prompt: 'text', copyCount: 5, likes: 2 },
      { id: 'b', rank: 2, title: 'B', category: 'Writing', model: 'Claude', prompt: undefined, copyCount: 1, likes: undefined },
    ]);
  });

  it('is empty when there are no prompts', () => {
    expect(toDashboard({ ...answer, overview: { totalPrompts: 0, totalLikes: 0, totalCopies: 0 } })).toBeNull();
  });

  it.each(['categoryStats', 'modelStats'] as const)('is empty when %s is missing', (key) => {
    expect(toDashboard({ ...answer, [key]: undefined })).toBeNull();
    expect(toDashboard({ ...answer, [key]: null })).toBeNull();
  });

  it('copes with a missing leaderboard and activity list', () => {
    const data = toDashboard({ ...answer, topCopiedPrompts: undefined, activity: undefined });
    expect(data?.leaderboard).toEqual([]);
    expect(data?.activity).toEqual([]);
  });
});

describe('nextCopyCount', () => {
  it("takes the answer's copyCount", () => {
    expect(nextCopyCount(4, { copyCount: 9 })).toBe(9);
  });

  it('falls back to the old count plus one', () => {
    expect(nextCopyCount(4, {})).toBe(5);
    expect(nextCopyCount(4, undefined)).toBe(5);
  });
});
