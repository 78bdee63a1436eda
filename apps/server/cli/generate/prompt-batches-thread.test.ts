import { describe, expect, it } from 'vitest';
import { Dataset, defaultSize } from './dataset';
import { promptBatch, similarityRows } from './prompt-batch';
import { promptBatchesInThread } from './prompt-batches-thread';
import { bandKeys, shingles } from '../../src/similar/fingerprint';

const OPTIONS = { ...defaultSize(250), seed: 11, now: new Date('2026-03-01T00:00:00.000Z') };

describe('promptBatchesInThread', () => {
  it('gives the batches drawing them here gives, in the same order', async () => {
    const here = [...new Dataset(OPTIONS).prompts(40)].map(promptBatch);
    const threaded = [];
    for await (const batch of promptBatchesInThread(OPTIONS, 40)) threaded.push(batch);
    // 250 prompts in batches of 40: six full ones and 10 left.
    expect(threaded.map((batch) => batch.prompts.length)).toEqual([40, 40, 40, 40, 40, 40, 10]);
    expect(threaded).toEqual(here);
  });

  it('ends its thread when the reader stops early', async () => {
    const batches = promptBatchesInThread(OPTIONS, 10);
    const first = await batches.next();
    expect(first.value?.prompts).toHaveLength(10);
    // return() runs the generator's cleanup, which waits for the thread to end: it would hang if the thread kept waiting.
    await expect(batches.return(undefined)).resolves.toEqual({ done: true, value: undefined });
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
