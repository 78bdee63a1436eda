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
 * (promptBatch), drawn in a thread of their own, which starts at once and
 * plans its copy of the dataset while the caller plans its own: drawing the
 * prompts took about as long as writing them, and the load used one of the
 * machine's cores (docs/performance.md, session 56). batches() gives the
 * same batches, in the same order, as drawing them here; close() ends the
 * thread, also when the reader stops early (a failed write) or never reads.
 */
export class PromptBatchesThread {
  private readonly worker: Worker;
  private readonly taken = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly received: PromptBatch[] = [];
  private finished = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(options: DatasetOptions, batchSize: number) {
    const data: PromptBatchesThreadData & { options: DatasetOptions } = { options, batchSize, taken: this.taken, ahead: BATCHES_AHEAD };
    // The generator runs under tsx (package.json's scripts), and so does its thread: Node's own type stripping
    // would not do, as the dataset's modules import without extensions.
    // Resolved from here, not from the working directory, which may lie outside the repository.
    const tsx = import.meta.resolve('tsx');
    this.worker = new Worker(new URL('./prompt-batches-worker.ts', import.meta.url), { workerData: data, execArgv: ['--import', tsx] });
    this.worker.on('message', (message: PromptBatch | 'done') => {
      if (message === 'done') this.finished = true;
      else this.received.push(message);
      this.wake?.();
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      this.wake?.();
    });
    // A batch that cannot be read would otherwise be lost without a word, and the load would end short.
    this.worker.on('messageerror', (error) => {
      this.failure ??= error;
      this.wake?.();
    });
    this.worker.on('exit', (code) => {
      if (!this.finished) this.failure ??= new Error(`The thread drawing the generated prompts exited (${code}) before its last batch`);
      this.wake?.();
    });
  }

  async *batches(): AsyncGenerator<PromptBatch> {
    for (;;) {
      const batch = this.received.shift();
      if (batch) {
        Atomics.add(this.taken, 0, 1);
        Atomics.notify(this.taken, 0);
        yield batch;
      } else if (this.failure) throw this.failure;
      else if (this.finished) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Ends the thread; batches() then fails, whatever it had received and not yet given. */
  async close(): Promise<void> {
    this.received.length = 0;
    this.failure ??= new Error('The thread drawing the generated prompts was closed');
    this.wake?.();
    await this.worker.terminate();
  }
}
