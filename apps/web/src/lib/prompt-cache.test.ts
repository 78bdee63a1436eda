import type { Prompt } from '@prompt-vault/shared/schemas';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type PromptPage, applyLike, promptKeys, updatePromptEverywhere, updatePromptInPages } from './prompt-cache';

function prompt(id: string, likes = 0, liked = false): Prompt {
  return {
    _id: id,
    title: `Prompt ${id}`,
    prompt: 'text',
    category: 'Writing',
    model: 'GPT-4',
    tags: [],
    likes,
    liked,
    copyCount: 0,
    commentCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function pages(...ids: string[][]): InfiniteData<PromptPage, string | undefined> {
  return {
    pages: ids.map((page) => ({ prompts: page.map((id) => prompt(id)), total: 4, nextCursor: undefined })),
    pageParams: ids.map((_, index) => (index === 0 ? undefined : `c${index}`)),
  };
}

describe('applyLike', () => {
  it('adds one like and sets the flag', () => {
    expect(applyLike(prompt('a', 3, false), true)).toMatchObject({ likes: 4, liked: true });
  });

  it('takes one like away and clears the flag', () => {
    expect(applyLike(prompt('a', 3, true), false)).toMatchObject({ likes: 2, liked: false });
  });

  it('reverts exactly: applying the opposite restores the prompt', () => {
    const before = prompt('a', 7, false);
    expect(applyLike(applyLike(before, true), false)).toEqual(before);
  });

  it('changes nothing when the state is already the asked one, and never goes below zero', () => {
    const liked = prompt('a', 1, true);
    expect(applyLike(liked, true)).toBe(liked);
    expect(applyLike(prompt('a', 0, true), false).likes).toBe(0);
  });
});

describe('updatePromptInPages', () => {
  it('updates the prompt in whichever page holds it and keeps the other pages as they were', () => {
    const data = pages(['a', 'b'], ['c', 'd']);
    const updated = updatePromptInPages(data, 'c', (p) => ({ ...p, likes: 9 }));
    expect(updated.pages[1]?.prompts[0]?.likes).toBe(9);
    expect(updated.pages[0]).toBe(data.pages[0]);
    expect(updated.pageParams).toBe(data.pageParams);
    expect(data.pages[1]?.prompts[0]?.likes).toBe(0);
  });

  it('returns the same object when the prompt is not loaded', () => {
    const data = pages(['a']);
    expect(updatePromptInPages(data, 'zzz', (p) => ({ ...p, likes: 9 }))).toBe(data);
  });
});

describe('promptKeys', () => {
  it('nests lists and details under one root, so one call can reach them all', () => {
    expect(promptKeys.list({ q: 'x' }).slice(0, 2)).toEqual(promptKeys.lists());
    expect(promptKeys.detail('a').slice(0, 1)).toEqual(promptKeys.all);
  });
});

describe('updatePromptEverywhere', () => {
  it('reaches list pages, related lists and the permalink, and leaves related lists without the prompt as they were', () => {
    const client = new QueryClient();
    client.setQueryData(promptKeys.list({}), pages(['a', 'b']));
    client.setQueryData(promptKeys.related('x'), [prompt('b'), prompt('c')]);
    const untouched = [prompt('d')];
    client.setQueryData(promptKeys.related('y'), untouched);
    client.setQueryData(promptKeys.detail('b'), prompt('b'));

    updatePromptEverywhere(client, 'b', (p) => applyLike(p, true));

    expect(client.getQueryData<InfiniteData<PromptPage>>(promptKeys.list({}))?.pages[0]?.prompts[1]).toMatchObject({
      likes: 1,
      liked: true,
    });
    expect(client.getQueryData<Prompt[]>(promptKeys.related('x'))?.map((p) => p.likes)).toEqual([1, 0]);
    expect(client.getQueryData(promptKeys.related('y'))).toBe(untouched);
    expect(client.getQueryData(promptKeys.detail('b'))).toMatchObject({ likes: 1, liked: true });
  });
});
