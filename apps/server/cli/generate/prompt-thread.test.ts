import { describe, expect, it } from 'vitest';
import { Dataset, defaultSize } from './dataset';
import { promptBatch, similarityRows } from './prompt-batch';
import { PromptThread } from './prompt-thread';
import { bandKeys, shingles } from '../../src/similar/fingerprint';

const OPTIONS = { ...defaultSize(250), seed: 11, now: new Date('2026-03-01T00:00:00.000Z') };

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const item of items) read.push(item);
  return read;
}

describe('PromptThread', () => {
  it('gives the batches drawing them here gives, in the same order', async () => {
    const here = [...new Dataset(OPTIONS).prompts(40)].map(promptBatch);
    const thread = new PromptThread(OPTIONS, 40, { sortKeys: false });
    try {
      const threaded = await all(thread.prompts());
      // 250 prompts in batches of 40: six full ones and 10 left.
      expect(threaded.map((batch) => batch.prompts.length)).toEqual([40, 40, 40, 40, 40, 40, 10]);
      expect(threaded).toEqual(here);
      expect(await all(thread.sortedSimilarityKeys())).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it("then gives every prompt's keys in the table's key order, each with its prompt's place", async () => {
    const thread = new PromptThread(OPTIONS, 40, { sortKeys: true });
    try {
      const batches = await all(thread.prompts());
      const ids = batches.flatMap((batch) => batch.prompts.map((prompt) => prompt.id));
      const chunks = await all(thread.sortedSimilarityKeys());
      const sorted = chunks.flatMap((chunk) =>
        Array.from(chunk.keys, (key, index) => ({ band_key: key, prompt_id: ids[chunk.positions[index] as number] })),
      );
      // similarity_bands' key: the band key, then the prompt's id (code-unit order, as SQLite compares them).
      const expected = batches.flatMap(similarityRows).sort((a, b) => a.band_key - b.band_key || (a.prompt_id < b.prompt_id ? -1 : 1));
      expect(sorted).toEqual(expected);
      expect(sorted).toHaveLength(250 * 24);
    } finally {
      await thread.close();
    }
  });

  it('ends its thread when the reader stops early', async () => {
    const thread = new PromptThread(OPTIONS, 10, { sortKeys: true });
    const batches = thread.prompts();
    const first = await batches.next();
    expect(first.value?.prompts).toHaveLength(10);
    // The thread waits to send more than it may hold; close() must end it all the same, or the test times out.
    await thread.close();
    await expect(batches.next()).rejects.toThrow(/exited/);
  });
});

describe('similarityRows', () => {
  it("gives each prompt its own keys, as the share form's insert computes them", () => {
    const prompts = [...new Dataset(OPTIONS).prompts(50)][0] ?? [];
    const rows = similarityRows(promptBatch(prompts));
    const expected = prompts.flatMap((prompt) =>
      bandKeys(shingles(prompt.title, prompt.prompt)).map((key) => ({ band_key: key, prompt_id: prompt.id })),
    );
    expect(rows).toEqual(expected);
    expect(new Set(rows.map((row) => row.prompt_id)).size).toBe(50);
  });
});
