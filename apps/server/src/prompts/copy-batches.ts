/**
 * Copies are written in batches (write-batches.ts, wired in service.ts): the
 * most frequent write (thousands a second at peak), each one a row and an
 * increment of its prompt's counter, so one statement and one commit serve
 * many copies.
 */

export interface CopyEvent {
  readonly promptId: string;
  readonly userId: string;
  readonly createdAt: string;
}

/** The prompt's count after this copy, or undefined (nothing written) for an unknown or hidden prompt. */
export type CopyOutcome = { readonly copyCount: number } | undefined;

/** The most copies in one statement: its parameters and row locks stay small. */
export const MAX_COPY_BATCH = 500;
