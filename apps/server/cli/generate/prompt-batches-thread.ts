import { Worker } from 'node:worker_threads';
import type { DatasetOptions } from './dataset';
import type { PromptBatch } from './prompt-batch';

/** What prompt-batches-worker.ts is started with (besides the dataset's options). */
export interface PromptBatchesThreadData {
  readonly batchSize: number;
  /** How many batches the main thread has taken, in shared memory: the thread waits on it. */
  readonly taken: Int32Array;
  /** How many batches the thread may have sent and not yet had taken: its memory's bound. */
  readonly ahead: number;
}

/** Batches drawn ahead of the one being written: enough to keep both threads busy, a few MB each. */
const BATCHES_AHEAD = 3;

/**
 * The dataset's prompts (Dataset.prompts) with their near-duplicate keys
 * (promptBatch), drawn in a thread of their own: drawing them took about
 * as long as writing them, and the load then used one of the machine's
 * cores (docs/performance.md, session 56). The same batches, in the same
 * order, as drawing them here. Stopping early (a failed write) ends the
 * thread.
 */
export async function* promptBatchesInThread(options: DatasetOptions, batchSize: number): AsyncGenerator<PromptBatch> {
  const taken = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const data: PromptBatchesThreadData & { options: DatasetOptions } = { options, batchSize, taken, ahead: BATCHES_AHEAD };
  // The generator runs under tsx (package.json's scripts), and so does its thread: erasable syntax alone would not
  // do, as the dataset's modules import without extensions.
  const worker = new Worker(new URL('./prompt-batches-worker.ts', import.meta.url), { workerData: data, execArgv: ['--import', 'tsx'] });
  const received: PromptBatch[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  worker.on('message', (message: PromptBatch | 'done') => {
    if (message === 'done') finished = true;
    else received.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new Error(`The thread drawing the generated prompts exited (${code}) before its last batch`);
    wake?.();
  });
  try {
    for (;;) {
      const batch = received.shift();
      if (batch) {
        Atomics.add(taken, 0, 1);
        Atomics.notify(taken, 0);
        yield batch;
      } else if (failure) throw failure;
      else if (finished) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}
