import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { STOP_MESSAGE } from './sqlite-thread-messages';

/**
 * A SQLite worker thread's file (`sqlite-read-worker`, `sqlite-checkpoint-worker`):
 * beside this module in the repository (TypeScript), beside the bundle once
 * built (build.ts bundles each one).
 */
export function sqliteWorkerFile(name: string): URL {
  const built = new URL(`./${name}.js`, import.meta.url);
  return existsSync(built) ? built : new URL(`./${name}.ts`, import.meta.url);
}

/**
 * Both semi-spaces of a SQLite thread's young generation, in MB, as the
 * server's own --max-semi-space-size=4 (apps/server/launch.ts): a thread's
 * young generation would otherwise grow to 32 MB under a search load, and
 * the process's resident memory with it. (Its old generation has the
 * process's --max-old-space-size, launch.ts, and its growth factor.)
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * How long a thread may take to finish its work and close its connection
 * once asked to, before it is terminated.
 */
const STOP_TIMEOUT_MS = 5000;

/**
 * Asks a SQLite thread to stop after the messages already sent to it, and
 * waits until it has. Terminating it instead could catch it loading
 * better-sqlite3 or inside a call into it, and the driver then aborts the
 * whole process (FATAL ERROR: Error::New napi_get_last_error_info, seen in
 * the tests when a test app closed a second thread that had not finished
 * starting).
 */
export async function stopSqliteThread(worker: Worker): Promise<void> {
  // Not events.once(): it rejects on an 'error' event, and a thread may fail while stopping; it exits either way.
  const exited = new Promise<'exited'>((resolve) => worker.once('exit', () => resolve('exited')));
  worker.postMessage(STOP_MESSAGE);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), STOP_TIMEOUT_MS);
  });
  try {
    if ((await Promise.race([exited, timedOut])) === 'timed out') await worker.terminate();
  } finally {
    clearTimeout(timer);
  }
}
