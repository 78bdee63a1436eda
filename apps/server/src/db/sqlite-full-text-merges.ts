import type Database from 'better-sqlite3';

/**
 * SQLite: the merging of the full-text indexes' segments, in small steps
 * off the server's JavaScript thread (decision 0032).
 *
 * FTS5 keeps each index as segments on levels: every write adds a small
 * one, and merges a bounded part of the others as it goes. Migration 0023
 * puts off the one unbounded merge, a level's whole merge, from 16
 * segments to 256: at 16 it had one new prompt rewrite a large segment at
 * once (1.8 s at 100,000 prompts, 4.2 s at 1,000,000). Meanwhile the small
 * segments pile up on a level whose large segment is being merged, one a
 * write: these steps finish that merge and keep the levels short, from the
 * SQLite checkpoint thread (sqlite-checkpoint-worker.ts), or from the
 * server's writer when it has no such thread or has lost it (connect.ts).
 *
 * Plain TypeScript that Node's type stripping runs as it is, as the thread
 * must be.
 */

/**
 * The pages one step may write. At 100,000 prompts, of 376 steps with work
 * (one connection, merges under way), p50 6.3 ms, p90 26 ms, max 52 ms. A
 * write of the server's that finds the step holding the lock waits that
 * long and a little more (SQLite's busy handler sleeps 1, 2, 5, 10 ms in
 * turn).
 */
export const MERGE_STEP_PAGES = 64;

/** How often a step runs while the indexes have merging to do: at 64 pages, up to 640 pages a second. */
export const MERGE_STEP_INTERVAL_MS = 100;

/** How often the indexes are looked at again once a round of steps found nothing to merge. */
export const MERGE_IDLE_INTERVAL_MS = 1000;

/**
 * How long a step of the checkpoint thread waits for the writer's lock
 * before it gives up until the next: short, so the thread can always stop
 * within its time (sqlite-threads.ts), where the connection's own timeout
 * (5 s) is that whole time.
 */
export const MERGE_BUSY_TIMEOUT_MS = 100;

/** The FTS5 indexes of the database, as its schema lists them. */
export function fullTextIndexes(connection: Database.Database): string[] {
  const rows = connection
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5(%' ORDER BY name`)
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * One step of merging for `index`: up to MERGE_STEP_PAGES pages written
 * (FTS5's 'merge' command, which continues a merge under way or starts one
 * on a level of four segments or more). Whether it merged anything: the
 * connection's total changes count each row FTS5 wrote or deleted in its
 * own tables, besides one for the command (the statement's own count is
 * that one alone).
 */
export function mergeStep(connection: Database.Database, index: string): boolean {
  const totalChanges = connection.prepare('SELECT total_changes() AS n');
  const before = (totalChanges.get() as { n: number }).n;
  connection.prepare(`INSERT INTO "${index}"("${index}", rank) VALUES ('merge', ${MERGE_STEP_PAGES})`).run();
  return (totalChanges.get() as { n: number }).n - before > 1;
}

/** Whether a step's error passes with time: the database locked past the connection's timeout (SQLITE_BUSY and its kinds). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Whether `index` is gone from the schema. A schema that cannot be read
 * either (an I/O error, a closed connection) says no: the step's own error
 * is then reported, where a throw from here would escape the timer and, in
 * the writer, end the server.
 */
function wasDropped(connection: Database.Database, index: string | undefined): boolean {
  if (index === undefined) return false;
  try {
    return !fullTextIndexes(connection).includes(index);
  } catch {
    return false;
  }
}

export interface FullTextMerges {
  stop(): void;
}

/**
 * Runs merge steps on `connection`'s full-text indexes, one index a step
 * in turn, every MERGE_STEP_INTERVAL_MS while one has merging to do, else
 * every MERGE_IDLE_INTERVAL_MS. An index with nothing to merge hands its
 * turn to the next at once. `onError` gets what a step throws (a database
 * still busy past the connection's timeout, a closed file, a broken index),
 * and may throw it on; else the steps go on. An index dropped meanwhile (a
 * migration rolled back) is no error: the list is read again.
 */
export function startFullTextMerges(connection: Database.Database, onError: (error: unknown) => void): FullTextMerges {
  let indexes: string[] | undefined;
  let current: string | undefined;
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = (): boolean => {
    // A writer's own steps wait for its transaction to end: one run inside it would be undone by its rollback.
    if (connection.inTransaction) return true;
    // Read again after a round with nothing to merge: the server starts this before its migrations run.
    indexes ??= fullTextIndexes(connection);
    for (const _ of indexes) {
      current = indexes[next % indexes.length] as string;
      next += 1;
      if (mergeStep(connection, current)) return true;
    }
    indexes = undefined;
    return false;
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      let merged = false;
      try {
        merged = round();
      } catch (error) {
        indexes = undefined;
        if (!wasDropped(connection, current)) onError(error);
      }
      schedule(merged ? MERGE_STEP_INTERVAL_MS : MERGE_IDLE_INTERVAL_MS);
    }, delayMs);
    // Never what keeps a process alive.
    timer.unref();
  };
  schedule(MERGE_IDLE_INTERVAL_MS);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
