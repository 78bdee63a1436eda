import { linkSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from './connect';
import { startCheckpointThread } from './sqlite-checkpoints';
import { migrateToLatest } from './migrate';
import { insertBarePrompt } from '../testing/bare-prompt';
import { segmentsOf } from '../testing/fts5-segments';

/** About 8 MB of rows: 2,000 pages of the log, a fifth of what makes the writer checkpoint itself (10,000). */
async function writeRows(database: DatabaseHandle): Promise<void> {
  await sql`CREATE TABLE filler (text TEXT NOT NULL)`.execute(database.db);
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
    INSERT INTO filler SELECT randomblob(4000) FROM n`.execute(database.db);
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

const MB = 1024 * 1024;

/** The log's size, in pages, at which the writer checkpoints on its own. */
async function autoCheckpointPages(database: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db);
  return rows[0]?.wal_autocheckpoint ?? 0;
}

describe("the SQLite write-ahead log's checkpoints", () => {
  let dir: string;
  let database: DatabaseHandle | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pv-checkpoints-'));
  });
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  // The rows reach the database file only through a checkpoint: until then they are in the log alone.
  it("are made by a thread of their own when the process asks for one (the server), the writer's kept as a backstop", async () => {
    const path = join(dir, 'thread.db');
    database = connectDatabase({ kind: 'sqlite', path }, { checkpointThread: true });
    await writeRows(database);
    // The thread starts (loading the driver) and checkpoints every second: well within this on a busy machine.
    expect(await until(() => statSync(path).size > 7 * MB, 20_000)).toBe(true);
    expect(await autoCheckpointPages(database)).toBe(100_000);
  });

  it("merge the full-text indexes' segments in the same thread, in small steps", { timeout: 30_000 }, async () => {
    const path = join(dir, 'merges.db');
    // Written with no thread running, so none merges before the count below: one segment a new prompt, which
    // the writes' own steps merge only every 64 pages written.
    const writer = connectDatabase({ kind: 'sqlite', path }, { readThreads: 0 });
    await migrateToLatest(writer.db);
    for (let index = 0; index < 40; index += 1) await insertBarePrompt(writer.db, `p${index}`, `Prompt ${index}`, `Write about ${index}.`);
    await writer.close();
    database = connectDatabase({ kind: 'sqlite', path }, { checkpointThread: true });
    const segments = async () => (await segmentsOf((database as DatabaseHandle).db, 'prompts_fts')).length;
    const written = await segments();
    expect(written).toBeGreaterThan(8);
    // The thread looks every second, and merges levels of four segments or more.
    const deadline = performance.now() + 20_000;
    while ((await segments()) > 6 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await segments()).toBeLessThanOrEqual(6);
  });

  it('are left to the writer, at its own threshold, in any other process on the file', async () => {
    const path = join(dir, 'writer.db');
    // Read threads, as the bench's and the tests' own connections have, but no checkpoint thread.
    database = connectDatabase({ kind: 'sqlite', path }, { readThreads: 1 });
    await writeRows(database);
    expect(await autoCheckpointPages(database)).toBe(10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(statSync(path).size).toBeLessThan(MB);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(7 * MB);
  });

  it('go back to the writer, at its own threshold, with the merges, when the thread is lost', { timeout: 30_000 }, async () => {
    const path = join(dir, 'lost.db');
    const warned = new Promise<string>((resolve) => {
      const onWarning = (warning: Error) => {
        if (!warning.message.includes('checkpoint thread')) return;
        process.off('warning', onWarning);
        resolve(warning.message);
      };
      process.on('warning', onWarning);
    });
    database = connectDatabase({ kind: 'sqlite', path }, { checkpointThread: true });
    expect(await autoCheckpointPages(database)).toBe(100_000);
    // Taken away before the thread, still loading its driver, opens it: the thread cannot, and is lost. The
    // writer's connection keeps the file it opened, which is then put back, for SQLite writes only to a file
    // that is still there.
    linkSync(path, `${path}.kept`);
    rmSync(path);
    expect(await warned).toMatch(/the writer checkpoints the write-ahead log and merges the full-text indexes again/);
    renameSync(`${path}.kept`, path);
    expect(await autoCheckpointPages(database)).toBe(10_000);
    // One segment a new prompt, which the writes' own steps merge only every 64 pages written: the writer's
    // steps, every second, merge levels of four segments or more.
    const db = database.db;
    await migrateToLatest(db);
    for (let index = 0; index < 40; index += 1) await insertBarePrompt(db, `p${index}`, `Prompt ${index}`, `Write about ${index}.`);
    const segments = async () => (await segmentsOf(db, 'prompts_fts')).length;
    const deadline = performance.now() + 20_000;
    while ((await segments()) > 6 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await segments()).toBeLessThanOrEqual(6);
  });

  it('say so once when their thread is lost, so the writer can take them over', async () => {
    const reasons: string[] = [];
    const lost = new Promise<void>((resolve) => {
      startCheckpointThread({
        path: join(dir, 'missing.db'),
        busyTimeoutMs: 100,
        onLost: (reason) => {
          reasons.push(reason);
          resolve();
        },
      });
    });
    await lost;
    // The thread's 'error' comes before its 'exit': both have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/checkpoint thread failed: .*(unable to open|does not exist|directory)/i);
  });
});
