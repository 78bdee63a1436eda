/**
 * Writes that arrive together go to the database together. While one batch
 * is being written, the writes that arrive wait and go together in the
 * next one, so under load one transaction and one commit serve many.
 *
 * A write that finds no batch being written starts one at the end of the
 * event loop's turn (setImmediate: after the other requests read in the
 * same turn, before the loop waits for more), not at once. SQLite writes a
 * batch synchronously, so nothing could arrive while it was being written:
 * every batch of copies held one copy, and each cost a transaction of its
 * own (its commit was 23% of the server's thread under the bench's copies
 * row). A lone write still waits for no timer, only for the turn it
 * arrived in.
 *
 * Exactness stays with the database: a batch is written atomically, and
 * each write is answered only after its batch committed, so every
 * acknowledged write is in the database, and a crash loses only
 * unacknowledged ones.
 */

/** Writes `events` atomically; one outcome per event, in the same order. */
export type WriteBatch<Event, Outcome> = (events: readonly Event[]) => Promise<Outcome[]>;

interface Waiting<Event, Outcome> {
  readonly event: Event;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** Records events through `write`, one batch of at most `maxBatch` at a time. */
export function createWriteBatches<Event, Outcome>(
  write: WriteBatch<Event, Outcome>,
  maxBatch: number,
): (event: Event) => Promise<Outcome> {
  let waiting: Waiting<Event, Outcome>[] = [];
  let writing = false;

  async function writeWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const outcomes = await write(batch.map((entry) => entry.event));
        if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} writes gave ${outcomes.length} outcomes`);
        // The lengths agree: the cast only tells TypeScript each index is in range.
        batch.forEach((entry, index) => entry.resolve(outcomes[index] as Outcome));
      } catch (error) {
        // A failed write is atomic, so nothing of the batch was written: each of its events fails as a lone write
        // would. A wrong number of outcomes is a bug in `write`, whose batch may have committed: its events fail
        // rather than be answered with one another's outcomes.
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  }

  return (event) =>
    new Promise<Outcome>((resolve, reject) => {
      waiting.push({ event, resolve, reject });
      if (writing) return;
      // Set now, so the writes of the same turn join this batch instead of each scheduling one.
      writing = true;
      setImmediate(() => void writeWaiting());
    });
}
