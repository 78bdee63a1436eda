import { describe, expect, it } from 'vitest';
import { SIGNATURE_BANDS } from '../../src/similar/fingerprint';
import type { PromptRow } from './dataset';
import type { PromptBatch } from './prompt-batch';
import { SimilarityKeySorter } from './similarity-key-sorter';

/** A batch whose prompts have the given hashes in every band (none for `undefined`): only the keys matter here. */
function batchOf(hashesOfEach: (number | undefined)[]): PromptBatch {
  const keys = hashesOfEach.flatMap((hash) =>
    hash === undefined ? [] : Array.from({ length: SIGNATURE_BANDS }, (_, band) => band * 2 ** 32 + ((hash + band * 7919) >>> 0)),
  );
  return {
    prompts: hashesOfEach.map(() => ({}) as PromptRow),
    bandKeys: Float64Array.from(keys),
    bandCounts: Uint8Array.from(hashesOfEach, (hash) => (hash === undefined ? 0 : SIGNATURE_BANDS)),
  };
}

function sortedPairs(sorter: SimilarityKeySorter, size: number): [number, number][] {
  return [...sorter.chunks(size)].flatMap((chunk) =>
    Array.from(chunk.keys, (key, index): [number, number] => [key, chunk.positions[index] as number]),
  );
}

describe('SimilarityKeySorter', () => {
  it('gives every key once, in key order, then by place, across batches and chunks', () => {
    // Equal hashes at places 1, 3 and 5 (ties broken by place); the largest 32-bit hash; a prompt without keys.
    const hashes = [[40, 7, 2 ** 32 - 1], [7, undefined, 7], [0]];
    const sorter = new SimilarityKeySorter(10);
    for (const batch of hashes) sorter.add(batchOf(batch));
    const expected = batchOf(hashes.flat());
    const pairs: [number, number][] = [];
    let key = 0;
    expected.bandCounts.forEach((count, place) => {
      for (const end = key + count; key < end; key += 1) pairs.push([expected.bandKeys[key] as number, place]);
    });
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(pairs).toHaveLength(6 * SIGNATURE_BANDS);
    for (const size of [1, 5, 1000]) expect(sortedPairs(sorter, size)).toEqual(pairs);
  });

  it('gives nothing for no prompts, or prompts without keys', () => {
    expect(sortedPairs(new SimilarityKeySorter(0), 10)).toEqual([]);
    const sorter = new SimilarityKeySorter(2);
    sorter.add(batchOf([undefined, undefined]));
    expect(sortedPairs(sorter, 10)).toEqual([]);
  });
});
