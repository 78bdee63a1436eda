import { bandKeys, shingles } from '../../src/similar/fingerprint';
import { fromTagList } from '../../src/tags/stored-tags';
import type { PromptRow } from './dataset';

/**
 * A batch of generated prompts with their near-duplicate keys (migration
 * 0008): the same keys the share form's insert stores, computed in
 * TypeScript (about 65 microseconds a prompt, the costliest part of drawing
 * a prompt), so they are computed with the prompts, in the dataset's thread
 * (prompt-batches-thread.ts). The keys travel as typed arrays, which move
 * between threads without copying: as 240,000 objects a batch of 10,000
 * prompts took 374-689 ms to read on the receiving thread.
 */
export interface PromptBatch {
  readonly prompts: PromptRow[];
  /** Every prompt's keys, the prompts' in order. */
  readonly bandKeys: Float64Array<ArrayBuffer>;
  /** How many of bandKeys each prompt has, in order (0 or SIGNATURE_BANDS). */
  readonly bandCounts: Uint8Array<ArrayBuffer>;
}

export function promptBatch(prompts: PromptRow[]): PromptBatch {
  const keysOfEach = prompts.map((row) => bandKeys(shingles(row.title, row.prompt)));
  return {
    prompts,
    bandKeys: Float64Array.from(keysOfEach.flat()),
    bandCounts: Uint8Array.from(keysOfEach, (keys) => keys.length),
  };
}

/** A row of prompt_tags. */
export interface TagRow {
  tag: string;
  prompt_id: string;
  created_at: string;
}

/** The (tag, prompt) rows of a batch of prompts. */
export function tagRows(batch: PromptBatch): TagRow[] {
  return batch.prompts.flatMap((row) => fromTagList(row.tag_list).map((tag) => ({ tag, prompt_id: row.id, created_at: row.created_at })));
}

/** A row of similarity_bands. */
export interface SimilarityRow {
  band_key: number;
  prompt_id: string;
}

/**
 * The near-duplicate index rows of a batch of prompts. Their order does not
 * matter: the load adds them to an index-free table and the key is built
 * once at the end (BulkWriter.deferIndexes). Sorting each batch, as before,
 * still left every batch spread over the whole key range: at 1,000,000
 * prompts (24 million rows, 700 MB, more than the page cache) each one
 * rewrote most of the table.
 */
export function similarityRows(batch: PromptBatch): SimilarityRow[] {
  const rows: SimilarityRow[] = [];
  let key = 0;
  batch.prompts.forEach((prompt, index) => {
    const end = key + (batch.bandCounts[index] as number);
    for (; key < end; key += 1) rows.push({ band_key: batch.bandKeys[key] as number, prompt_id: prompt.id });
  });
  return rows;
}
