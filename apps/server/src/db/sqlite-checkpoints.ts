import { Worker } from 'node:worker_threads';
import { WORKER_YOUNG_GENERATION_MB, sqliteWorkerFile, stopSqliteThread } from './sqlite-threads';

/**
 * How often the checkpoint thread copies the write-ahead log back. Every
 * 250 ms measured the same as every second under the bench's likes and
 * copies (decision 0023), and wakes an idle server four times as often. A
 * checkpoint with nothing to copy reads the log's index and returns.
 */
const CHECKPOINT_INTERVAL_MS = 1000;

export interface CheckpointThread {
  /** Stops the thread and closes its connection; the writer's own checkpoints remain. */
  close(): Promise<void>;
}

export interface CheckpointThreadOptions {
  readonly path: string;
  readonly busyTimeoutMs: number;
  /** Called once if the thread fails or exits before close(): the writer must checkpoint again. */
  readonly onLost: (reason: string) => void;
}

/**
 * Starts a thread that checkpoints the SQLite file's write-ahead log
 * (sqlite-checkpoint-worker.ts). A checkpoint copies the log's pages back
 * into the file and syncs it: 41-48 ms at a time at 1,000,000 prompts, which
 * in the writer's own automatic checkpoint held the server's only
 * JavaScript thread, and every request with it (decision 0023). The thread
 * never keeps the process alive.
 */
export function startCheckpointThread(options: CheckpointThreadOptions): CheckpointThread {
  const worker = new Worker(sqliteWorkerFile('sqlite-checkpoint-worker'), {
    workerData: { path: options.path, busyTimeoutMs: options.busyTimeoutMs, intervalMs: CHECKPOINT_INTERVAL_MS },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  let running = true;
  const lost = (reason: string) => {
    if (!running) return;
    running = false;
    options.onLost(reason);
  };
  worker.on('error', (error) => lost(`the SQLite checkpoint thread failed: ${error.message}`));
  worker.on('exit', (code) => lost(`the SQLite checkpoint thread exited (${code})`));
  worker.unref();
  return {
    close: async () => {
      if (!running) return;
      running = false;
      await stopSqliteThread(worker);
    },
  };
}
