import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from './connect';
import { migrateToLatest } from './migrate';

/** A recursive count that keeps SQLite busy for a few hundred milliseconds. */
const SLOW_COUNT = sql<{
  n: number;
}>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c`;

describe('long reads on SQLite run on worker threads', () => {
  let dir: string;
  let database: DatabaseHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pv-read-pool-'));
    database = connectDatabase({ kind: 'sqlite', path: join(dir, 'pool.db') }, { readThreads: 2 });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertPrompt = (id: string) =>
    database.db
      .insertInto('prompts')
      .values({ id, title: `Title ${id}`, prompt: 'Text', category: 'Writing', model: 'GPT-4o', created_at: new Date().toISOString() })
      .execute();

  it('sees at once what the main connection committed, and answers as it would', async () => {
    expect(database.longReads).not.toBe(database.db);
    await insertPrompt('pool-1');
    const count = () =>
      database.longReads
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    expect(Number((await count()).n)).toBe(1);
    await insertPrompt('pool-2');
    expect(Number((await count()).n)).toBe(2);
    // The Unicode lower() the search uses for short non-ASCII needles exists on the threads too.
    const lowered = await sql<{ v: string }>`SELECT pv_lower('ÄÖÜ') AS v`.execute(database.longReads);
    expect(lowered.rows[0]?.v).toBe('äöü');
  });

  it('keeps the event loop free while a slow read runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    const result = await SLOW_COUNT.execute(database.longReads);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(Number(result.rows[0]?.n)).toBe(3_000_000);
    // On the main connection the loop would not turn once until the query ended.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 10 / 3));
    expect(ticks).toBeGreaterThan(2);
  });

  it('holds quick reads up behind a slow one no longer than the one sent to its thread beside it', async () => {
    const finished: string[] = [];
    const slow = SLOW_COUNT.execute(database.longReads).then(() => finished.push('slow'));
    const quick = Array.from({ length: 6 }, (_, index) =>
      sql`SELECT ${index} AS n`.execute(database.longReads).then(() => finished.push(`quick ${index}`)),
    );
    await Promise.all([slow, ...quick]);
    // Sent each to the thread with the fewest in flight, every other quick read queued behind the slow one (3 of
    // 6); from the pool's own queue only the one that went to the slow read's thread before it was full.
    expect(finished.slice(finished.indexOf('slow') + 1).length).toBeLessThanOrEqual(1);
  });

  it('answers every read queued in the pool, not yet on a thread, when it closes', async () => {
    const reads = Array.from({ length: 8 }, (_, index) => sql<{ n: number }>`SELECT ${index} AS n`.execute(database.longReads));
    const slow = SLOW_COUNT.execute(database.longReads);
    // Once Kysely's microtasks have handed them to the pool.
    await new Promise((resolve) => setImmediate(resolve));
    await database.close();
    expect((await Promise.all(reads)).map((result) => Number(result.rows[0]?.n))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Number((await slow).rows[0]?.n)).toBe(3_000_000);
  });

  it('ends its threads when the handle closes, whether or not a read ran', async () => {
    const idle = connectDatabase({ kind: 'sqlite', path: join(dir, 'idle.db') }, { readThreads: 2 });
    await migrateToLatest(idle.db);
    await idle.close();
    await expect(idle.longReads.selectFrom('prompts').select('id').execute()).rejects.toThrow(/closed/);
    await database.longReads.selectFrom('prompts').select('id').execute();
    await database.close();
    await expect(database.longReads.selectFrom('prompts').select('id').execute()).rejects.toThrow(/closed/);
    // afterEach closes it again: closing twice is harmless.
  });

  it('answers the reads already sent before its threads stop, when it closes', async () => {
    const pending = SLOW_COUNT.execute(database.longReads);
    // Once Kysely's microtasks have sent it to a thread.
    await new Promise((resolve) => setImmediate(resolve));
    await database.close();
    expect(Number((await pending).rows[0]?.n)).toBe(3_000_000);
    await expect(SLOW_COUNT.execute(database.longReads)).rejects.toThrow(/closed/);
  });

  it('keeps a process alive while a read is pending, and lets it exit once the pool is idle', () => {
    // A script whose only pending work is a long read: with the threads unref'd
    // throughout, Node would exit mid-await (code 13) without printing.
    const connect = fileURLToPath(new URL('./connect.ts', import.meta.url));
    const file = join(dir, 'alone.mts');
    writeFileSync(
      file,
      `
      import { sql } from ${JSON.stringify(import.meta.resolve('kysely'))};
      import { connectDatabase } from ${JSON.stringify(connect)};
      const handle = connectDatabase({ kind: 'sqlite', path: ${JSON.stringify(join(dir, 'alone.db'))} }, { readThreads: 1 });
      const { rows } = await sql\`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) AS n FROM c\`.execute(handle.longReads);
      console.log('counted', rows[0].n);`,
    );
    // No close(): the idle pool must not hold the process open either (execFileSync would time out).
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(output.trim()).toBe('counted 300000');
  });

  it.runIf(process.platform === 'linux')('runs its threads below the event loop, and leaves the process as it was', async () => {
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const processNice = niceOf(readFileSync('/proc/self/stat', 'utf8'));
    const threadsBefore = new Set(readdirSync('/proc/self/task'));
    // Both threads busy at once, so each has started and lowered its own priority.
    await Promise.all([SLOW_COUNT.execute(database.longReads), SLOW_COUNT.execute(database.longReads)]);
    const niceOfThread = (id: string) => {
      try {
        return niceOf(readFileSync(`/proc/self/task/${id}/stat`, 'utf8'));
      } catch {
        return undefined; // a thread that ended meanwhile
      }
    };
    const newThreads = readdirSync('/proc/self/task').filter((id) => !threadsBefore.has(id));
    const lowered = newThreads.map(niceOfThread).filter((nice) => nice === Math.min(19, processNice + 10));
    expect(lowered).toHaveLength(2);
    expect(niceOf(readFileSync('/proc/self/stat', 'utf8'))).toBe(processNice);
  });

  it("keeps a small page cache on each thread, and leaves the main connection's as the driver sets it", async () => {
    const cacheSize = async (db: typeof database.db) =>
      (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows[0]?.cache_size;
    // Two at once: the second goes to the other thread, the one with nothing in flight.
    expect(await Promise.all([cacheSize(database.longReads), cacheSize(database.longReads)])).toEqual([-2048, -2048]);
    // better-sqlite3's build sets 16 MB (-16000); whatever it sets, the threads' setting is theirs alone.
    expect(await cacheSize(database.db)).not.toBe(-2048);
  });

  it("reads the file through a memory map on each thread, and leaves the main connection's unmapped", async () => {
    const mapSize = async (db: typeof database.db) => (await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db)).rows[0]?.mmap_size;
    // SQLite's build caps the map (SQLITE_MAX_MMAP_SIZE: 2 GB less 64 KB); the threads ask for all of it.
    expect(await Promise.all([mapSize(database.longReads), mapSize(database.longReads)])).toEqual([0x7fff0000, 0x7fff0000]);
    expect(await mapSize(database.db)).toBe(0);
  });

  it('refuses writes and reports SQLite errors with their code', async () => {
    await expect(sql`DELETE FROM prompts`.execute(database.longReads)).rejects.toThrow(/rows only/);
    await expect(sql`SELECT * FROM no_such_table`.execute(database.longReads)).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
  });
});
