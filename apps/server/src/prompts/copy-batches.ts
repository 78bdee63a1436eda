/**
 * Copies written in batches: the most frequent write (thousands a second at
 * peak), each one a row and an increment of its prompt's counter. While one
 * batch is being written, the copies that arrive wait and go together in the
 * next one, so under load one statement and one commit serve many copies.
 *
 * A copy that finds no batch being written starts one at the end of the
 * event loop's turn (setImmediate: after the other requests read in the same
 * turn, before the loop waits for more), not at once. SQLite writes a batch
 * synchronously, so nothing could arrive while it was being written: every
 * batch held one copy, and each copy cost a transaction of its own (its
 * commit was 23% of the server's thread under the bench's copies row). A
 * lone copy still waits for no timer, only for the turn it arrived in.
 *
 * Exactness stays with the database: a batch is written atomically, and each
 * copy is answered only after its batch committed, so every acknowledged copy
 * is one row and one increment, and a crash loses only unacknowledged copies.
 */

export interface CopyEvent {
  readonly promptId: string;
  readonly userId: string;
  readonly createdAt: string;
}

/** The prompt's count after this copy, or undefined (nothing written) for an unknown or hidden prompt. */
export type CopyOutcome = { readonly copyCount: number } | undefined;

/** Writes `copies` atomically; one outcome per copy, in the same order. */
export type WriteCopies = (copies: readonly CopyEvent[]) => Promise<CopyOutcome[]>;

/** The most copies in one statement: its parameters and row locks stay small. */
export const MAX_COPY_BATCH = 500;

interface Waiting {
  readonly copy: CopyEvent;
  resolve(outcome: CopyOutcome): void;
  reject(error: unknown): void;
}

/** Records copies through `write`, one batch at a time. */
export function createCopyBatches(write: WriteCopies, maxBatch = MAX_COPY_BATCH): (copy: CopyEvent) => Promise<CopyOutcome> {
  let waiting: Waiting[] = [];
  let writing = false;

  async function writeWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const outcomes = await write(batch.map((entry) => entry.copy));
        batch.forEach((entry, index) => entry.resolve(outcomes[index]));
      } catch (error) {
        // Nothing of the batch was written: each of its copies fails as a lone copy would.
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  }

  return (copy) =>
    new Promise<CopyOutcome>((resolve, reject) => {
      waiting.push({ copy, resolve, reject });
      if (writing) return;
      // Set now, so the copies of the same turn join this batch instead of each scheduling one.
      writing = true;
      setImmediate(() => void writeWaiting());
    });
}
