import { type WriteBatch, createWriteBatches } from './write-batches';

/**
 * Copies written in batches (write-batches.ts): the most frequent write
 * (thousands a second at peak), each one a row and an increment of its
 * prompt's counter, so one statement and one commit serve many copies. A
 * batch's copies are each one row and one increment once it commits.
 */

export interface CopyEvent {
  readonly promptId: string;
  readonly userId: string;
  readonly createdAt: string;
}

/** The prompt's count after this copy, or undefined (nothing written) for an unknown or hidden prompt. */
export type CopyOutcome = { readonly copyCount: number } | undefined;

/** Writes `copies` atomically; one outcome per copy, in the same order. */
export type WriteCopies = WriteBatch<CopyEvent, CopyOutcome>;

/** The most copies in one statement: its parameters and row locks stay small. */
export const MAX_COPY_BATCH = 500;

/** Records copies through `write`, one batch at a time. */
export function createCopyBatches(write: WriteCopies, maxBatch = MAX_COPY_BATCH): (copy: CopyEvent) => Promise<CopyOutcome> {
  return createWriteBatches(write, maxBatch);
}
