import { describe, expect, it } from 'vitest';
import { Dataset, defaultSize } from './dataset';
import { promptBatch, similarityRows } from './prompt-batch';
import { PromptBatchesThread } from './prompt-batches-thread';
import { bandKeys, shingles } from '../../src/similar/fingerprint';

const OPTIONS = { ...defaultSize(250), seed: 11, now: new Date('2026-03-01T00:00:00.000Z') };

describe('PromptBatchesThread', () => {
  it('gives the batches drawing them here gives, in the same order', async () => {
    const here = [...new Dataset(OPTIONS).prompts(40)].map(promptBatch);
    const thread = new PromptBatchesThread(OPTIONS, 40);
    try {
      const threaded = [];
      for await (const batch of thread.batches()) threaded.push(batch);
      // 250 prompts in batches of 40: six full ones and 10 left.
      expect(threaded.map((batch) => batch.prompts.length)).toEqual([40, 40, 40, 40, 40, 40, 10]);
      expect(threaded).toEqual(here);
    } finally {
      await thread.close();
    }
  });

  it('ends its thread when the reader stops early, and gives nothing more', async () => {
    const thread = new PromptBatchesThread(OPTIONS, 10);
    const batches = thread.batches();
    const first = await batches.next();
    expect(first.value?.prompts).toHaveLength(10);
    // Time for the thread to draw as far ahead as it may and wait: close() must end it all the same, or the test times out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await thread.close();
    await expect(batches.next()).rejects.toThrow(/closed/);
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
