import { SIGNATURE_BANDS } from '../../src/similar/fingerprint';
import type { PromptBatch } from './prompt-batch';

/** A run of near-duplicate keys in key order, each with its prompt's place in the drawing order. */
export interface SimilarityKeyChunk {
  readonly keys: Float64Array<ArrayBuffer>;
  /** Each key's prompt, as its place among the prompts drawn (Dataset.prompts: the ids' order). */
  readonly positions: Uint32Array<ArrayBuffer>;
}

const HASH_SPAN = 2 ** 32;

/**
 * Gathers every prompt's near-duplicate keys as its batch is drawn, then
 * gives them back in similarity_bands' key order (band_key, then prompt
 * id): SQLite appends them to that WITHOUT ROWID table in order, where
 * loading them unsorted and copying them sorted (INSERT ... SELECT ...
 * ORDER BY) took 117.7 s of the generator's 1,000,000 prompts
 * (docs/performance.md, session 56). The prompts come in the order of
 * their ids, so a prompt's place sorts as its id does.
 *
 * A key is its band's number times 2^32 plus a 32-bit hash (bandKeys), and
 * a prompt has a key in every band or none. Each band's (hash, place) pairs
 * are packed into one unsigned 64-bit integer, the hash in the high half,
 * and sorted as numbers by the typed array's own sort.
 */
export class SimilarityKeySorter {
  private readonly keys: Float64Array;
  private readonly counts: Uint8Array;
  private prompts = 0;
  private keyCount = 0;

  constructor(maxPrompts: number) {
    this.keys = new Float64Array(maxPrompts * SIGNATURE_BANDS);
    this.counts = new Uint8Array(maxPrompts);
  }

  add(batch: PromptBatch): void {
    this.keys.set(batch.bandKeys, this.keyCount);
    this.counts.set(batch.bandCounts, this.prompts);
    this.keyCount += batch.bandKeys.length;
    this.prompts += batch.bandCounts.length;
  }

  /** Every key gathered, in key order, `size` at a time. */
  *chunks(size: number): Generator<SimilarityKeyChunk> {
    const firstKey = new Float64Array(this.prompts);
    const keyed: number[] = [];
    for (let position = 0, key = 0; position < this.prompts; key += this.counts[position] as number, position += 1) {
      if (this.counts[position] === SIGNATURE_BANDS) keyed.push(position);
      firstKey[position] = key;
    }
    let chunk = newChunk(size);
    let filled = 0;
    for (let band = 0; band < SIGNATURE_BANDS; band += 1) {
      const packed = new BigUint64Array(keyed.length);
      // Little-endian halves: the place in the low one, the hash in the high one.
      const halves = new Uint32Array(packed.buffer);
      keyed.forEach((position, index) => {
        halves[2 * index] = position;
        halves[2 * index + 1] = (this.keys[(firstKey[position] as number) + band] as number) - band * HASH_SPAN;
      });
      packed.sort();
      for (let index = 0; index < keyed.length; index += 1) {
        chunk.keys[filled] = band * HASH_SPAN + (halves[2 * index + 1] as number);
        chunk.positions[filled] = halves[2 * index] as number;
        filled += 1;
        if (filled === size) {
          yield chunk;
          chunk = newChunk(size);
          filled = 0;
        }
      }
    }
    if (filled > 0) yield { keys: chunk.keys.slice(0, filled), positions: chunk.positions.slice(0, filled) };
  }
}

function newChunk(size: number): SimilarityKeyChunk {
  return { keys: new Float64Array(size), positions: new Uint32Array(size) };
}
