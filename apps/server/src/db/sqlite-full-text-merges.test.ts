import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Segment, pagesMerged, pagesOf, segmentsOf } from '../testing/fts5-segments';
import { type DatabaseHandle, connectDatabase } from './connect';
import { migrateToLatest } from './migrate';
import * as fullTextCrisisMerge from './migrations/0023-full-text-crisis-merge';
import * as fullTextLargeSegmentsLifted from './migrations/0024-full-text-large-segments-lifted';
import type { Database } from './schema';
import { MERGE_IDLE_INTERVAL_MS, MERGE_STEP_INTERVAL_MS, fullTextIndexes, mergeStep, startFullTextMerges } from './sqlite-full-text-merges';

/** Prompts `from` to `to`, in one statement and so one transaction, each with 300 characters of text no other shares. */
function insertPrompts(db: Kysely<Database>, from: number, to: number) {
  return sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
    INSERT INTO prompts (id, title, prompt, category, model, created_at)
    SELECT 'p' || i, 'Prompt ' || i, 'Write about ' || lower(hex(randomblob(150))), 'Writing', 'o3', '2026-11-01T00:00:00.000Z' FROM n`.execute(
    db,
  );
}

/** The prompts built in bulk, as the generator builds them: one large segment of the trigram index. */
const BUILT_PROMPTS = 12_000;
/**
 * New prompts after it, one a transaction: enough for FTS5's default
 * crisismerge (16) to merge the large segment's whole level, short of
 * migration 0023's (256).
 */
const NEW_PROMPTS = 240;

/**
 * A library of BUILT_PROMPTS in one transaction, the trigram index's
 * in-memory terms made large enough to hold them all (the generator's
 * `hashsize`), so the index is one segment, as after a rebuild.
 */
async function builtLibrary(database: DatabaseHandle): Promise<number> {
  await migrateToLatest(database.db);
  await sql`INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('hashsize', 1000000000)`.execute(database.db);
  await insertPrompts(database.db, 1, BUILT_PROMPTS);
  await sql`INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('hashsize', 1048576)`.execute(database.db);
  const segments = await segmentsOf(database.db, 'prompts_fts');
  expect(segments).toHaveLength(1);
  return pagesOf(segments[0] as Segment);
}

describe("the SQLite writer's transactions", () => {
  it('take the write lock as they begin, so a write of another connection after their first read cannot fail them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-begin-'));
    const path = join(dir, 'begin.db');
    const writer = connectDatabase({ kind: 'sqlite', path }, { readThreads: 0 });
    const other = new SqliteDatabase(path, { timeout: 50 });
    try {
      await sql`CREATE TABLE notes (text TEXT NOT NULL)`.execute(writer.db);
      await writer.db.transaction().execute(async (trx) => {
        await sql`SELECT count(*) FROM notes`.execute(trx);
        // Begun deferred, the transaction would hold no lock yet: this write would pass, and the next fail.
        expect(() => other.prepare(`INSERT INTO notes VALUES ('other')`).run()).toThrow(/locked|busy/i);
        await sql`INSERT INTO notes VALUES ('writer')`.execute(trx);
      });
      expect(other.prepare('SELECT text FROM notes').all()).toEqual([{ text: 'writer' }]);
    } finally {
      other.close();
      await writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the SQLite full-text indexes' merges", () => {
  let dir: string;
  let database: DatabaseHandle | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pv-merges-'));
    database = connectDatabase({ kind: 'sqlite', path: join(dir, 'merges.db') }, { readThreads: 0 });
  });
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('never have one new prompt merge a large segment at once', { timeout: 60_000 }, async () => {
    const db = (database as DatabaseHandle).db;
    const builtPages = await builtLibrary(database as DatabaseHandle);
    expect(builtPages).toBeGreaterThan(3000);
    let mostMerged = 0;
    let before = await segmentsOf(db, 'prompts_fts');
    for (let next = BUILT_PROMPTS + 1; next <= BUILT_PROMPTS + NEW_PROMPTS; next += 1) {
      await insertPrompts(db, next, next);
      const after = await segmentsOf(db, 'prompts_fts');
      mostMerged = Math.max(mostMerged, pagesMerged(before, after));
      before = after;
    }
    // The writes' own steps merge some (about 64 pages for each level every 64 pages written), never the whole segment.
    expect(mostMerged).toBeGreaterThan(0);
    expect(mostMerged).toBeLessThan(builtPages / 4);
  });

  it('keep the levels short, a bounded step at a time', { timeout: 60_000 }, async () => {
    const db = (database as DatabaseHandle).db;
    await builtLibrary(database as DatabaseHandle);
    // A connection of its own, as the maintenance thread's, taking a step after each new prompt.
    const steps = new SqliteDatabase(join(dir, 'merges.db'));
    try {
      expect(fullTextIndexes(steps)).toEqual([
        'prompt_title_words',
        'prompt_titles_fts',
        'prompt_words',
        'prompts_fts',
        'search_vocabulary_grams',
      ]);
      let mostMerged = 0;
      let stepsMerging = 0;
      for (let next = BUILT_PROMPTS + 1; next <= BUILT_PROMPTS + NEW_PROMPTS; next += 1) {
        await insertPrompts(db, next, next);
        const before = await segmentsOf(db, 'prompts_fts');
        if (mergeStep(steps, 'prompts_fts')) stepsMerging += 1;
        mostMerged = Math.max(mostMerged, pagesMerged(before, await segmentsOf(db, 'prompts_fts')));
      }
      // Left to the writes, the new prompts' segments pile up beside the large one's merge: one for each.
      expect((await segmentsOf(db, 'prompts_fts')).length).toBeLessThan(NEW_PROMPTS / 20);
      expect(mostMerged).toBeLessThanOrEqual(2 * 64);
      // The large segment's 3,000 pages and more, 64 a step, then the small ones: most steps had merging to do.
      expect(stepsMerging).toBeGreaterThan(NEW_PROMPTS / 2);
      // Done: a step with nothing left to merge says so.
      while (mergeStep(steps, 'prompts_fts'));
      expect(mergeStep(steps, 'prompts_fts')).toBe(false);
    } finally {
      steps.close();
    }
  });

  it('are taken by the writer of a server with no checkpoint thread', { timeout: 30_000 }, async () => {
    const writer = connectDatabase({ kind: 'sqlite', path: join(dir, 'writer.db') }, { readThreads: 0, fullTextMerges: true });
    try {
      await migrateToLatest(writer.db);
      // One segment a new prompt: the writes' own steps merge them only every 64 pages written.
      for (let next = 1; next <= 40; next += 1) await insertPrompts(writer.db, next, next);
      const segments = async () => (await segmentsOf(writer.db, 'prompts_fts')).length;
      expect(await segments()).toBeGreaterThan(8);
      // The steps look every second, and merge levels of four segments or more.
      const deadline = performance.now() + 20_000;
      while ((await segments()) > 6 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await segments()).toBeLessThanOrEqual(6);
    } finally {
      await writer.close();
    }
  });

  it('are left to the whole level once more, on every full-text index, when migration 0023 is rolled back', async () => {
    const db = (database as DatabaseHandle).db;
    await migrateToLatest(db);
    const reader = new SqliteDatabase(join(dir, 'merges.db'), { readonly: true });
    try {
      const crisisMerges = () =>
        fullTextIndexes(reader).map(
          (index) => (reader.prepare(`SELECT v FROM "${index}_config" WHERE k = 'crisismerge'`).get() as { v: number } | undefined)?.v,
        );
      expect(crisisMerges()).toEqual(Array(5).fill(fullTextCrisisMerge.CRISIS_MERGE_SEGMENTS));
      await fullTextCrisisMerge.down(db as unknown as Kysely<unknown>);
      expect(crisisMerges()).toEqual(Array(5).fill(fullTextCrisisMerge.DEFAULT_CRISIS_MERGE));
      await fullTextCrisisMerge.up(db as unknown as Kysely<unknown>);
      expect(crisisMerges()).toEqual(Array(5).fill(fullTextCrisisMerge.CRISIS_MERGE_SEGMENTS));
    } finally {
      reader.close();
    }
  });
});

describe("the SQLite full-text indexes' large segments", () => {
  let dir: string;
  let database: DatabaseHandle | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pv-levels-'));
    database = connectDatabase({ kind: 'sqlite', path: join(dir, 'levels.db') }, { readThreads: 0 });
  });
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** How many prompts each full-text index finds for a few needles, and how many rows each holds. */
  async function indexReadings(db: Kysely<Database>) {
    const readings: Record<string, number> = {};
    for (const needle of ['abc', 'write', 'lift', '"prompt 1"']) {
      for (const index of ['prompts_fts', 'prompt_titles_fts', 'prompt_words', 'prompt_title_words']) {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${needle}`.execute(db);
        readings[`${index} ${needle}`] = rows[0]?.n ?? -1;
      }
    }
    const titleWords = await sql<{ n: number }>`SELECT count(*) AS n FROM prompt_title_words`.execute(db);
    readings.titleWordRows = titleWords.rows[0]?.n ?? -1;
    return readings;
  }

  it('are lifted above level 0 in one merge that finds what the index found before', { timeout: 60_000 }, async () => {
    const db = (database as DatabaseHandle).db;
    const builtPages = await builtLibrary(database as DatabaseHandle);
    expect(builtPages).toBeGreaterThan(fullTextLargeSegmentsLifted.LARGE_SEGMENT_PAGES);
    expect(await fullTextLargeSegmentsLifted.holdsLargeSegmentOnLevelZero(db, 'prompts_fts')).toBe(true);
    const before = await indexReadings(db);
    expect(before['prompts_fts abc']).toBeGreaterThan(0);
    // One index with its content elsewhere (the prompts), one with its own (the titles' words).
    for (const index of ['prompts_fts', 'prompt_title_words']) await fullTextLargeSegmentsLifted.mergeAboveLevelZero(db, index);
    for (const index of ['prompts_fts', 'prompt_title_words']) {
      expect((await segmentsOf(db, index)).map((segment) => segment.level)).toEqual([1]);
      // With a rank of 1, FTS5 compares the index with its content too: the placeholder entry is gone from both.
      await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}, rank) VALUES ('integrity-check', 1)`.execute(db);
    }
    expect(await fullTextLargeSegmentsLifted.holdsLargeSegmentOnLevelZero(db, 'prompts_fts')).toBe(false);
    expect(await indexReadings(db)).toEqual(before);
  });

  it('once lifted, are never merged whole by one new prompt of a burst the steps cannot keep up with', { timeout: 60_000 }, async () => {
    const db = (database as DatabaseHandle).db;
    const builtPages = await builtLibrary(database as DatabaseHandle);
    await fullTextLargeSegmentsLifted.mergeAboveLevelZero(db, 'prompts_fts');
    const steps = new SqliteDatabase(join(dir, 'levels.db'));
    try {
      // Past migration 0023's crisismerge (256) on level 0, with a step every tenth prompt: the server's
      // steps come ten a second, shared by five indexes, and a burst of new prompts comes faster.
      let mostMerged = 0;
      let before = await segmentsOf(db, 'prompts_fts');
      for (let next = BUILT_PROMPTS + 1; next <= BUILT_PROMPTS + 300; next += 1) {
        await insertPrompts(db, next, next);
        const after = await segmentsOf(db, 'prompts_fts');
        mostMerged = Math.max(mostMerged, pagesMerged(before, after));
        if (next % 10 === 0) mergeStep(steps, 'prompts_fts');
        before = await segmentsOf(db, 'prompts_fts');
      }
      // Left on level 0, the large segment's merge under way was finished by one write, a third of it and more.
      expect(mostMerged).toBeLessThan(builtPages / 10);
    } finally {
      steps.close();
    }
  });

  it('are lifted by migration 0024 where a bulk build left them, and nowhere else', { timeout: 60_000 }, async () => {
    const db = (database as DatabaseHandle).db;
    await builtLibrary(database as DatabaseHandle);
    const reader = new SqliteDatabase(join(dir, 'levels.db'), { readonly: true });
    try {
      const indexes = fullTextIndexes(reader);
      const large = new Map<string, boolean>();
      const segmentsBefore = new Map<string, Segment[]>();
      for (const index of indexes) {
        large.set(index, await fullTextLargeSegmentsLifted.holdsLargeSegmentOnLevelZero(db, index));
        segmentsBefore.set(index, await segmentsOf(db, index));
      }
      // The trigram index of the texts is built large; the titles' words ("Prompt 1" and on) are few.
      expect(large.get('prompts_fts')).toBe(true);
      expect(large.get('prompt_title_words')).toBe(false);
      const before = await indexReadings(db);
      await fullTextLargeSegmentsLifted.up(db as unknown as Kysely<unknown>);
      for (const index of indexes) {
        const after = await segmentsOf(db, index);
        if (large.get(index)) expect(after.map((segment) => segment.level)).toEqual([1]);
        else expect(after).toEqual(segmentsBefore.get(index));
      }
      expect(await indexReadings(db)).toEqual(before);
    } finally {
      reader.close();
    }
  });
});

describe("the SQLite full-text merges' errors", () => {
  let dir: string;
  let connection: SqliteDatabase.Database;
  beforeEach(() => {
    vi.useFakeTimers();
    dir = mkdtempSync(join(tmpdir(), 'pv-merge-errors-'));
    connection = new SqliteDatabase(join(dir, 'errors.db'));
    // Each row its own segment: a write's own merging left off, FTS5's 'automerge' at 0.
    for (const index of ['first', 'second']) {
      connection.exec(`CREATE VIRTUAL TABLE ${index} USING fts5(text)`);
      connection.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('automerge', 0)`);
      for (let row = 0; row < 6; row += 1) connection.prepare(`INSERT INTO ${index} (text) VALUES (?)`).run(`row ${row} of ${index}`);
    }
  });
  afterEach(() => {
    vi.useRealTimers();
    if (connection.open) connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pass over an index dropped while they run, and go on with the others', () => {
    const errors: unknown[] = [];
    const merges = startFullTextMerges(connection, (error) => errors.push(error));
    try {
      // The first round merges "first" and keeps the list of indexes for the next.
      vi.advanceTimersByTime(MERGE_IDLE_INTERVAL_MS);
      connection.exec('DROP TABLE first');
      vi.advanceTimersByTime(MERGE_STEP_INTERVAL_MS + 3 * MERGE_IDLE_INTERVAL_MS);
      expect(errors).toEqual([]);
      expect(fullTextIndexes(connection)).toEqual(['second']);
      expect(mergeStep(connection, 'second')).toBe(false);
    } finally {
      merges.stop();
    }
  });

  it('report what a step meets, the database locked by another connection, and go on once it is free', () => {
    connection.pragma('busy_timeout = 0');
    const other = new SqliteDatabase(join(dir, 'errors.db'));
    const errors: unknown[] = [];
    const merges = startFullTextMerges(connection, (error) => errors.push(error));
    try {
      other.exec('BEGIN IMMEDIATE');
      vi.advanceTimersByTime(MERGE_IDLE_INTERVAL_MS);
      expect(errors).toHaveLength(1);
      expect((errors[0] as { code?: string }).code).toBe('SQLITE_BUSY');
      other.exec('COMMIT');
      vi.advanceTimersByTime(3 * MERGE_IDLE_INTERVAL_MS);
      expect(errors).toHaveLength(1);
      expect(mergeStep(connection, 'first')).toBe(false);
      expect(mergeStep(connection, 'second')).toBe(false);
    } finally {
      merges.stop();
      other.close();
    }
  });

  it('report a step that fails where the schema cannot be read either, rather than throw from their timer', () => {
    const errors: unknown[] = [];
    const merges = startFullTextMerges(connection, (error) => errors.push(error));
    try {
      // A round with work keeps the list of indexes: the next steps on one at once, which then fails.
      vi.advanceTimersByTime(MERGE_IDLE_INTERVAL_MS);
      connection.close();
      expect(() => vi.advanceTimersByTime(MERGE_STEP_INTERVAL_MS)).not.toThrow();
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toMatch(/not open/);
    } finally {
      merges.stop();
    }
  });
});
