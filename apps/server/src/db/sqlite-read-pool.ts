import { Worker } from 'node:worker_threads';
import { WORKER_YOUNG_GENERATION_MB, sqliteWorkerFile, stopSqliteThread } from './sqlite-threads';

interface Pending {
  readonly resolve: (rows: unknown[]) => void;
  readonly reject: (error: Error) => void;
}

/** A read waiting in the pool's own queue for a thread (SqliteReadPool.query). */
interface QueuedRead extends Pending {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * The most reads a thread is given at once; the others wait in the pool's
 * queue, first come first served, for whichever thread frees first. Each
 * read used to go straight to the thread with the fewest in flight, so
 * under fifty searches at once a slow read held up every read queued
 * behind it on its thread while the other thread could have taken them:
 * at 100,000 prompts the distinct-search load's p99 was 2.3-3.1 times its
 * p50 on SQLite, about 2 on PostgreSQL, whose pool queues in one place
 * (decision 0009, amendment of 2026-11-28). Two rather than one: a thread starts
 * its next read as it finishes one, without waiting for the event loop to
 * hand it over.
 */
const READS_PER_THREAD = 2;

interface PoolThread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

/** An error a worker sent back (SQLite's own, with its code), or the loss of the worker itself. */
export class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SqliteReadError';
  }
}

export interface SqliteReadPoolOptions {
  readonly path: string;
  readonly size: number;
  readonly busyTimeoutMs: number;
}

/**
 * Worker threads, each with a read-only connection to the SQLite file, that
 * run reads which may be slow (searches that miss the cache), so the server's
 * one JavaScript thread keeps answering everything else meanwhile. A query
 * waits in the pool's queue for a thread with fewer than READS_PER_THREAD
 * in flight. In WAL mode each read sees every transaction committed before
 * it began, on any connection, so a read here after a write on the main
 * connection sees the write.
 *
 * The threads start with the first query (a process that never searches,
 * such as a command-line tool or most tests, starts none). A thread that
 * dies (it should not) fails its queries with SqliteReadError and is
 * replaced. The owner must call close(): the threads hold the file open.
 */
export class SqliteReadPool {
  private readonly threads: PoolThread[] = [];
  private readonly queue: QueuedRead[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: SqliteReadPoolOptions) {}

  private spawn(): PoolThread {
    const { path, busyTimeoutMs } = this.options;
    const worker = new Worker(sqliteWorkerFile('sqlite-read-worker'), {
      workerData: { path, busyTimeoutMs },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const thread: PoolThread = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const waiting = thread.pending.get(message.id);
      if (!waiting) return;
      thread.pending.delete(message.id);
      if (thread.pending.size === 0) worker.unref();
      if (message.error) waiting.reject(new SqliteReadError(message.error.message, message.error.code));
      else waiting.resolve(message.rows ?? []);
      this.dispatch();
    });
    const lost = (reason: string) => {
      for (const waiting of thread.pending.values()) waiting.reject(new SqliteReadError(reason));
      thread.pending.clear();
      const index = this.threads.indexOf(thread);
      if (index >= 0 && !this.closed) this.threads[index] = this.spawn();
      this.dispatch();
    };
    worker.on('error', (error) => lost(`A SQLite read thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`A SQLite read thread exited (${code})`));
    // An idle pool never keeps the process alive; a thread with a query
    // pending does (query()), or a script awaiting only that query would exit.
    worker.unref();
    return thread;
  }

  /** Runs one compiled read query on the first thread free for it (READS_PER_THREAD). */
  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new SqliteReadError('The SQLite read pool is closed'));
    while (this.threads.length < this.options.size) this.threads.push(this.spawn());
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, parameters, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands queued reads, oldest first, to the least busy threads while one has fewer than `perThread`. */
  private dispatch(perThread = READS_PER_THREAD): void {
    for (;;) {
      const read = this.queue[0];
      if (read === undefined || this.threads.length === 0) return;
      const thread = this.threads.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
      if (thread.pending.size >= perThread) return;
      this.queue.shift();
      const id = this.nextId++;
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve: read.resolve, reject: read.reject });
      thread.worker.postMessage({ id, sql: read.sql, parameters: read.parameters });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // Every read asked for before closing is answered: the queued ones go to the threads, which finish them first.
    this.dispatch(Number.POSITIVE_INFINITY);
    await Promise.all(this.threads.map((thread) => stopSqliteThread(thread.worker)));
  }
}
