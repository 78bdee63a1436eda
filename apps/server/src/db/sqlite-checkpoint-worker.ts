/**
 * The SQLite checkpoint thread (sqlite-checkpoints.ts): a connection of its
 * own that copies the write-ahead log back into the database file every
 * CHECKPOINT_INTERVAL_MS (sqlite-checkpoints.ts), so the server's thread,
 * which writes, no longer does (its own checkpoint stays as a backstop).
 * It also merges the full-text indexes' segments in small steps
 * (sqlite-full-text-merges.ts), which the writer no longer does at once.
 *
 * Run as it is by Node's type stripping and bundled beside the server, as
 * the read pool's worker is (sqlite-read-worker.ts): erasable TypeScript
 * only, importing nothing of the app's but the stop message and the merge
 * steps.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { MERGE_BUSY_TIMEOUT_MS, isBusy, startFullTextMerges } from './sqlite-full-text-merges.ts';
import { STOP_MESSAGE } from './sqlite-thread-messages.ts';

const settings = workerData as { readonly path: string; readonly busyTimeoutMs: number; readonly intervalMs: number };
// Its checkpoints never wait for a lock (PASSIVE); its merge steps wait briefly, and try again at the next.
const connection = new Database(settings.path, { fileMustExist: true, timeout: Math.min(settings.busyTimeoutMs, MERGE_BUSY_TIMEOUT_MS) });

/**
 * PASSIVE copies the pages no reader still needs and never waits for a
 * reader or the writer, so a write never waits for it either; the writer
 * starts the log over once everything is copied. An error (an I/O error, a
 * deleted file) is thrown out of the thread, which ends it: the server then
 * checkpoints in its writer again (sqlite-checkpoints.ts).
 */
const timer = setInterval(() => connection.pragma('wal_checkpoint(PASSIVE)'), settings.intervalMs);

/**
 * A step that found the database still locked by the writer is tried again
 * at the next; any other error ends the thread, as a checkpoint's does, and
 * the writer takes the checkpoints and the merges over, with a warning.
 */
const merges = startFullTextMerges(connection, (error) => {
  if (!isBusy(error)) throw error;
});

parentPort?.on('message', (message: unknown) => {
  if (message !== STOP_MESSAGE) return;
  clearInterval(timer);
  merges.stop();
  connection.close();
  process.exit(0);
});
