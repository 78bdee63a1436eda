/**
 * One thread of the SQLite read pool (sqlite-read-pool.ts): a read-only
 * connection of its own that runs the compiled queries the main thread
 * sends, so a slow read (a search's trigram lookup and exact total) costs
 * this thread's time, never the event loop's.
 *
 * Node runs this file as it is (type stripping, Node 22.18+ and 24), in the
 * repository and in the tests; the build bundles it beside the server
 * (build.ts). So it uses only erasable TypeScript and imports nothing of
 * the app's but the driver, the SQL functions every connection registers,
 * the idle collection and the pool's stop message (written the same way).
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { STOP_MESSAGE } from './sqlite-thread-messages.ts';
import { registerSqliteFunctions } from './sqlite-functions.ts';
import { startIdleGarbageCollection } from '../runtime/idle-collection.ts';
import { RecentlyUsed } from '../runtime/recently-used.ts';

interface Job {
  readonly id: number;
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * This connection's page cache, in KiB. better-sqlite3 builds SQLite with 16
 * MB a connection, which distinct searches fill with the trigram index's
 * pages: 16 MB of resident memory for each thread. The position lists are
 * decoded, not read from disk (the file's pages stay in the OS's cache), so
 * a small cache costs them nothing measurable (docs/performance.md).
 */
const READ_THREAD_PAGE_CACHE_KIB = 2048;

/**
 * How much of the file this connection reads through a memory map rather
 * than `read` calls, in bytes: as much as better-sqlite3's build allows
 * (SQLITE_MAX_MMAP_SIZE, 2 GB less 64 KB; SQLite lowers a larger request to
 * it). With the small page cache above, nearly every page a search reads
 * came through a system call and a copy from the OS's cache; mapped, it is
 * read where that cache holds it. The phrase statement, which reads each
 * candidate's row to test its text, took 5.3-5.7 ms a needle against
 * 3.8-4.9 over 400 of the bench's needles at 1,000,000 prompts, and the
 * distinct searches ran 7-46% more a second (decision 0029). The pages are
 * the OS's file cache either way: they count in the process's RSS only
 * when mapped, and the bench's memory rows take them off.
 */
const READ_THREAD_MAP_BYTES = 0x7fff0000;

const settings = workerData as { readonly path: string; readonly busyTimeoutMs: number };
const connection = new Database(settings.path, { readonly: true, fileMustExist: true, timeout: settings.busyTimeoutMs });
// The same functions as the main connection (connect.ts): search and the best-match order call them.
registerSqliteFunctions(connection);
connection.pragma(`cache_size = -${READ_THREAD_PAGE_CACHE_KIB}`);
connection.pragma(`mmap_size = ${READ_THREAD_MAP_BYTES}`);

/** Compiled statements by SQL text: the list's queries come in a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 100;
const statements = new RecentlyUsed<string, Database.Statement>(STATEMENT_CACHE_SIZE);

function statement(sql: string): Database.Statement {
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = connection.prepare(sql);
    statements.set(sql, prepared);
  }
  return prepared;
}

/**
 * How far below the event loop this thread runs: nice values added to the
 * process's own (at most 19). With as many busy read threads as cores, the
 * event loop waited for a core behind them, and every request with it,
 * cached pages and health checks too; lowered, the threads take what the
 * event loop leaves.
 */
const READ_THREAD_NICE_OFFSET = 10;

/**
 * Lowers this thread's priority, not the process's: on Linux each thread has
 * its own nice value, set through its thread id, which /proc/thread-self
 * names. Relative to the value the thread started with (the process's), so
 * a server started at nice 15 never runs its read threads above its event
 * loop. Elsewhere, or where not allowed, the threads keep the process's
 * priority. (A thread started by this one would inherit the lowered value:
 * it starts none, its reads being synchronous.)
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId)) setPriority(threadId, Math.min(19, getPriority(threadId) + READ_THREAD_NICE_OFFSET));
  } catch {
    // Not Linux, or not allowed: the same priority as the event loop.
  }
}
lowerThreadPriority();

// This thread's heap holds the rows it reads (whole prompt texts) until a collection: one after each busy spell.
const idleCollection = startIdleGarbageCollection();

parentPort?.on('message', (job: Job | typeof STOP_MESSAGE) => {
  if (job === STOP_MESSAGE) {
    // Every read sent before it is answered (messages come in order): close the file and end this thread.
    connection.close();
    process.exit(0);
  }
  idleCollection?.touch();
  try {
    const prepared = statement(job.sql);
    if (!prepared.reader) throw new Error('The read pool runs queries that return rows only');
    parentPort?.postMessage({ id: job.id, rows: prepared.all(...job.parameters) });
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    parentPort?.postMessage({ id: job.id, error: { message, code } });
  }
});
