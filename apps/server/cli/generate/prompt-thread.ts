import { Worker } from 'node:worker_threads';
import type { DatasetOptions } from './dataset';
import type { PromptBatch } from './prompt-batch';
import type { SimilarityKeyChunk } from './similarity-key-sorter';

/** What prompt-thread-worker.ts is started with. */
export interface PromptThreadData {
  readonly options: DatasetOptions;
  readonly batchSize: number;
  /** Whether to give back every near-duplicate key in key order after the prompts (PromptThread.sortedSimilarityKeys). */
  readonly sortKeys: boolean;
  /** How many messages the main thread has taken, in shared memory: the thread waits on it. */
  readonly taken: Int32Array;
  /** How many messages the thread may have sent and not yet had taken: its memory's bound. */
  readonly ahead: number;
}

export type PromptThreadMessage =
  | { readonly kind: 'prompts'; readonly batch: PromptBatch }
  | { readonly kind: 'keys'; readonly chunk: SimilarityKeyChunk }
  | { readonly kind: 'done' };

/** Messages drawn ahead of the one being written: enough to keep both threads busy, a few MB each. */
const MESSAGES_AHEAD = 3;

/**
 * The dataset's prompts (Dataset.prompts) with their near-duplicate keys
 * (promptBatch), drawn in a thread of their own: drawing them took about as
 * long as writing them, and the load used one of the machine's cores
 * (docs/performance.md, session 56). It gives the same batches, in the same
 * order, as drawing them here, then (with `sortKeys`) every key in key
 * order (SimilarityKeySorter). Read prompts() to its end before
 * sortedSimilarityKeys(); close() ends the thread, also when the reader
 * stops early (a failed write).
 */
export class PromptThread {
  private readonly worker: Worker;
  private readonly taken = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly received: PromptThreadMessage[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(options: DatasetOptions, batchSize: number, { sortKeys }: { sortKeys: boolean }) {
    const data: PromptThreadData = { options, batchSize, sortKeys, taken: this.taken, ahead: MESSAGES_AHEAD };
    // The generator runs under tsx (package.json's scripts), and so does its thread: Node's own type stripping
    // would not do, as the dataset's modules import without extensions.
    this.worker = new Worker(new URL('./prompt-thread-worker.ts', import.meta.url), { workerData: data, execArgv: ['--import', 'tsx'] });
    this.worker.on('message', (message: PromptThreadMessage) => {
      this.received.push(message);
      this.wake?.();
    });
    this.worker.on('error', (error) => {
      this.failure = error;
      this.wake?.();
    });
    this.worker.on('exit', (code) => {
      this.failure ??= new Error(`The thread drawing the generated prompts exited (${code}) before its last message`);
      this.wake?.();
    });
  }

  async *prompts(): AsyncGenerator<PromptBatch> {
    for (let message = await this.peek(); message.kind === 'prompts'; message = await this.peek()) {
      this.take();
      yield message.batch;
    }
  }

  async *sortedSimilarityKeys(): AsyncGenerator<SimilarityKeyChunk> {
    for (let message = await this.peek(); message.kind !== 'done'; message = await this.peek()) {
      if (message.kind !== 'keys') throw new Error('Read the prompts before the sorted keys');
      this.take();
      yield message.chunk;
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  /** The next message, left for take(). */
  private async peek(): Promise<PromptThreadMessage> {
    for (;;) {
      const message = this.received[0];
      if (message) return message;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private take(): void {
    this.received.shift();
    Atomics.add(this.taken, 0, 1);
    Atomics.notify(this.taken, 0);
  }
}
