import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { USER_ID_PATTERN } from '@prompt-vault/shared/limits';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { segmentsOf } from '../../src/db/migrations/0024-full-text-large-segments-lifted';
import { parseDatabaseUrl } from '../../src/config';
import { TEST_DIALECTS, type TestDatabase, createTestDatabase } from '../../src/testing/test-database';
import {
  searchGramMismatches,
  searchVocabularyMismatches,
  searchWordCountMismatches,
  summaryMismatches,
  tagMismatches,
} from '../../src/fuzz/invariants';
import { SIGNATURE_BANDS, bandKeys, shingles } from '../../src/similar/fingerprint';
import { FULL_TEXT_TABLES } from './bulk-writer';
import { defaultSize } from './dataset';
import { DatabaseNotEmptyError, generateDatabase } from './generate-database';
import { PromptBatchesThread } from './prompt-batches-thread';

const NOW = new Date('2026-03-01T00:00:00.000Z');

describe.each(TEST_DIALECTS)('generateDatabase on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  const generate = (seed: number, force = false) =>
    generateDatabase({ database: parseDatabaseUrl(database.url), schema: database.schema, size: defaultSize(300), seed, now: NOW, force });

  it('writes the planned rows, with every counter equal to the rows it counts', async () => {
    await generate(7);
    const { db } = database;
    const count = async (table: 'prompts' | 'likes' | 'copies' | 'comments') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('prompts'), await count('likes'), await count('copies'), await count('comments')]).toEqual([300, 3000, 3000, 600]);

    const mismatches = await sql<{ id: string }>`
      SELECT p.id FROM prompts p
      WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.prompt_id = p.id)
         OR p.copy_count <> (SELECT count(*) FROM copies c WHERE c.prompt_id = p.id)
         OR p.comment_count <> (SELECT count(*) FROM comments n WHERE n.prompt_id = p.id)`.execute(db);
    expect(mismatches.rows).toEqual([]);
    // The summaries are counted once after the load (decision 0010).
    expect(await summaryMismatches(db)).toEqual([]);
    if (dialect === 'postgres') {
      // The search copy, filled beside the load, holds every prompt lower-cased, as its trigger would have.
      const copyMismatches = await sql<{ id: string }>`
        SELECT coalesce(p.id, s.id) AS id FROM prompts p FULL JOIN prompt_search s ON s.id = p.id
        WHERE s.title IS DISTINCT FROM lower(p.title) OR s.prompt IS DISTINCT FROM lower(p.prompt)`.execute(db);
      expect(copyMismatches.rows).toEqual([]);
    }
    expect(await searchGramMismatches(db)).toEqual([]);
    expect(await searchWordCountMismatches(db)).toEqual([]);
    // The word index's vocabulary, refilled from the index after the load (its triggers are deferred).
    expect(await searchVocabularyMismatches(db)).toEqual([]);
    expect(Number((await db.selectFrom('summary_totals').select('prompts').executeTakeFirstOrThrow()).prompts)).toBe(300);

    // Every prompt has its category and topic as tags, one row each, and every tag's count equals its rows.
    const tagless = await db.selectFrom('prompts').select('id').where('tag_list', '=', '').execute();
    expect(tagless).toEqual([]);
    const tagRows = await sql<{ n: number }>`SELECT count(*) AS n FROM prompt_tags`.execute(db);
    const listed = await sql<{
      n: number;
    }>`SELECT sum(length(tag_list) - length(replace(tag_list, ' ', '')) + 1) AS n FROM prompts`.execute(db);
    expect(Number(tagRows.rows[0]?.n)).toBe(Number(listed.rows[0]?.n));
    const drift = await sql<{ name: string }>`
      SELECT t.name FROM tags t WHERE t.count <> (SELECT count(*) FROM prompt_tags pt WHERE pt.tag = t.name)`.execute(db);
    expect(drift.rows).toEqual([]);
    // Each tag row carries its prompt's creation time (migration 0013), which orders a tag's newest page.
    expect(await tagMismatches(db)).toEqual([]);
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM tags`.execute(db)).rows[0]?.n)).toBeGreaterThan(30);

    // Each prompt's near-duplicate keys (drawn in the prompts' thread) are the ones the share form would store for it.
    const bands = await db.selectFrom('similarity_bands').select(['prompt_id', 'band_key']).execute();
    const storedKeys = new Map<string, number[]>();
    for (const band of bands) storedKeys.set(band.prompt_id, [...(storedKeys.get(band.prompt_id) ?? []), Number(band.band_key)]);
    const prompts = await db.selectFrom('prompts').select(['id', 'title', 'prompt']).execute();
    const keyMismatches = prompts.filter((row) => {
      const expected = bandKeys(shingles(row.title, row.prompt)).sort((a, b) => a - b);
      return JSON.stringify((storedKeys.get(row.id) ?? []).sort((a, b) => a - b)) !== JSON.stringify(expected);
    });
    expect(keyMismatches.map((row) => row.id)).toEqual([]);
    expect(bands).toHaveLength(300 * SIGNATURE_BANDS);

    const users = await db.selectFrom('likes').select('user_id').distinct().execute();
    expect(users.every((row) => USER_ID_PATTERN.test(row.user_id))).toBe(true);
    const categories = await db.selectFrom('prompts').select('category').distinct().execute();
    expect(categories.length).toBeGreaterThan(30);
    const late = await db.selectFrom('copies').select('created_at').where('created_at', '>=', NOW.toISOString()).execute();
    expect(late).toEqual([]);
    const early = await db.selectFrom('copies').select('created_at').where('created_at', '<', '2025-12-01').execute();
    expect(early).toEqual([]);
  });

  it('produces the same data from the same seed and different data from another', async () => {
    await generate(7);
    const first = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    await generate(7, true);
    const again = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    expect(again).toEqual(first);
    // A forced run starts over: the tag counts are the new data's alone.
    const tagTotal = async () => Number((await sql<{ n: number }>`SELECT sum(count) AS n FROM tags`.execute(database.db)).rows[0]?.n);
    expect(await tagTotal()).toBe(
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM prompt_tags`.execute(database.db)).rows[0]?.n),
    );
    await generate(8, true);
    const other = await database.db.selectFrom('prompts').select(['id', 'title', 'like_count']).orderBy('id').execute();
    expect(other).not.toEqual(first);
    expect(other).toHaveLength(300);
    // Replacing the library leaves no summary of the one before.
    expect(await summaryMismatches(database.db)).toEqual([]);
    expect(await searchGramMismatches(database.db)).toEqual([]);
    expect(await searchWordCountMismatches(database.db)).toEqual([]);
    expect(await searchVocabularyMismatches(database.db)).toEqual([]);
  });

  /** Every object of the schema a load drops and builds again, and every table's columns, as text. */
  const schemaObjects = async () =>
    dialect === 'sqlite'
      ? (
          await sql<{
            entry: string;
          }>`SELECT type || ' ' || name || ' ' || coalesce(sql, '') AS entry FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY name`.execute(
            database.db,
          )
        ).rows
      : (
          await sql<{ entry: string }>`
            SELECT 'index ' || indexname || ' ' || indexdef AS entry FROM pg_indexes WHERE schemaname = current_schema()
            UNION ALL
            SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
            UNION ALL
            SELECT 'trigger ' || tgname || ' ' || tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
            UNION ALL
            SELECT 'statistics ' || c.relname || ' ' || a.attnum || ' ' || a.attstattarget
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'i' AND a.attstattarget >= 0
            UNION ALL
            -- Every table's columns in their order, with what each holds by default (prompt_search is replaced whole).
            SELECT 'column ' || c.relname || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text
                   || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') || ' ' || a.attgenerated::text
                   || ' ' || (SELECT count(*) FROM pg_attribute b WHERE b.attrelid = a.attrelid AND b.attnum > 0 AND NOT b.attisdropped AND b.attnum < a.attnum)
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'v') AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY 1`.execute(database.db)
        ).rows;
  // The load drops indexes, foreign keys and full-text triggers and builds them again at the end.
  it('leaves the schema as the migrations made it, with a full-text index that finds every match', async () => {
    const migrated = await schemaObjects();
    expect(migrated.length).toBeGreaterThan(20);
    // Migration 0020 turns off the statistics of the word indexes' expressions, which an index's definition leaves out.
    if (dialect === 'postgres') expect(migrated).toContainEqual({ entry: 'statistics prompt_search_words_idx 1 0' });
    await generate(7);
    expect(await schemaObjects()).toEqual(migrated);

    const needle = 'checklist';
    const scanned = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM prompts WHERE lower(title || ' ' || prompt) LIKE ${`%${needle}%`}`.execute(database.db);
    const indexed =
      dialect === 'sqlite'
        ? await sql<{ n: number }>`SELECT count(*) AS n FROM prompts_fts WHERE prompts_fts MATCH ${`"${needle}"`}`.execute(database.db)
        : await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM prompt_search WHERE title LIKE ${`%${needle}%`} OR prompt LIKE ${`%${needle}%`}`.execute(
            database.db,
          );
    expect(Number(scanned.rows[0]?.n)).toBeGreaterThan(0);
    expect(Number(indexed.rows[0]?.n)).toBe(Number(scanned.rows[0]?.n));
    if (dialect === 'postgres') {
      // A forced run swaps a new search copy in for one a load already swapped in.
      await generate(9, true);
      expect(await schemaObjects()).toEqual(migrated);
    }
    if (dialect === 'sqlite') {
      // The titles' own index (migration 0012) is rebuilt too: it finds what a scan of the titles finds.
      const titleNeedle = 'checklist';
      const titlesScanned = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM prompts WHERE lower(title) LIKE ${`%${titleNeedle}%`}`.execute(database.db);
      const titlesIndexed = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM prompt_titles_fts WHERE prompt_titles_fts MATCH ${`"${titleNeedle}"`}`.execute(database.db);
      expect(Number(titlesScanned.rows[0]?.n)).toBeGreaterThan(0);
      expect(Number(titlesIndexed.rows[0]?.n)).toBe(Number(titlesScanned.rows[0]?.n));
      // So is the titles' word index (migration 0014): the generated titles hold "checklist" only as a word of its own.
      const titleWords = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM prompt_title_words WHERE prompt_title_words MATCH ${`"${titleNeedle}"`}`.execute(database.db);
      expect(Number(titleWords.rows[0]?.n)).toBe(Number(titlesScanned.rows[0]?.n));
      await expectFullTextIndexesBuilt();
      // A forced run over the library refills the same indexes (the titles' words by a delete and a copy).
      await generate(9, true);
      await expectFullTextIndexesBuilt();
    }
  });

  /**
   * SQLite: each full-text index, filled with a large in-memory buffer of
   * terms, agrees with the rows it indexes (FTS5's integrity check, which
   * with a rank of 1 compares an external-content index with its content
   * too) and hands the server FTS5's usual buffer back; the statistics keep
   * no samples of their own tables.
   */
  async function expectFullTextIndexesBuilt() {
    // Analysed, but with no statistics samples of the full-text indexes' own tables (dropFullTextSamples).
    const sampled = await sql<{ tbl: string }>`SELECT DISTINCT tbl FROM sqlite_stat4`.execute(database.db);
    const tables = sampled.rows.map(({ tbl }) => tbl);
    expect(tables).toContain('prompts');
    expect(tables.filter((table) => FULL_TEXT_TABLES.some((index) => table.startsWith(`${index}_`)))).toEqual([]);
    for (const table of FULL_TEXT_TABLES) {
      await sql`INSERT INTO ${sql.table(table)}(${sql.ref(table)}, rank) VALUES ('integrity-check', 1)`.execute(database.db);
      const hashSize = await sql<{ v: number }>`SELECT v FROM ${sql.table(`${table}_config`)} WHERE k = 'hashsize'`.execute(database.db);
      expect(hashSize.rows.map((row) => Number(row.v))).toEqual([1024 * 1024]);
      // One segment, above level 0, where new prompts' segments would begin a merge of it whole (decision 0033).
      expect((await segmentsOf(database.db, table)).map((segment) => segment.level)).toEqual([1]);
    }
  }

  /** The search copy's rows, as one digest: equal only if every prompt's lower-cased title and text are. */
  const searchCopyDigest = async () =>
    (
      await sql<{ n: string; digest: string }>`
        SELECT count(*)::text AS n, md5(string_agg(id || ':' || title || ':' || prompt, '|' ORDER BY id)) AS digest
        FROM prompt_search`.execute(database.db)
    ).rows[0];

  it.runIf(dialect === 'postgres').each([
    // The second batch of likes (10,000 a batch): the copy is being built beside the load by then.
    { when: 'before the swap', table: 'likes', refuses: '(SELECT count(*) FROM likes) >= 10000' },
    // The tags' count, in the commit step: the staged copy has prompt_search's name by then, inside the load's transaction.
    { when: 'after the swap', table: 'tags', refuses: `to_regclass('prompt_search_generated') IS NULL` },
  ])('leaves the library and search copy it found, and no staged copy, when a write fails $when', async ({ table, refuses }) => {
    await generate(7);
    // A copy left by a run whose process died, which the next run replaces.
    await sql`CREATE TABLE prompt_search_generated (leftover text)`.execute(database.db);
    await sql`CREATE FUNCTION test_refuses() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`
      BEGIN
        IF ${refuses} THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NULL;
      END`)}`.execute(database.db);
    await sql`CREATE TRIGGER test_refuses BEFORE INSERT ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION test_refuses()`.execute(
      database.db,
    );
    const schemaBefore = await schemaObjects();
    const copyBefore = await searchCopyDigest();
    expect(copyBefore?.n).toBe('300');

    const forced = generateDatabase({
      database: parseDatabaseUrl(database.url),
      schema: database.schema,
      size: defaultSize(2_000),
      seed: 8,
      now: NOW,
      force: true,
    });
    await expect(forced).rejects.toThrow(/refused by the test/);

    const staged = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_class WHERE oid = to_regclass('prompt_search_generated')`.execute(
      database.db,
    );
    expect(Number(staged.rows[0]?.n)).toBe(0);
    expect(await searchCopyDigest()).toEqual(copyBefore);
    expect(await schemaObjects()).toEqual(schemaBefore.filter((entry) => !entry.entry.startsWith('column prompt_search_generated ')));
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM prompts`.execute(database.db)).rows[0]?.n)).toBe(300);
  });

  it('refuses a database that already has prompts unless forced', async () => {
    await generate(7);
    await expect(generate(9)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await expect(generate(9)).rejects.toThrow(/already holds 300 prompts.*--force/);
  });
});

describe('generateDatabase into a SQLite file nothing else has open', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // The tests above keep their own connection open, so there the load stays in WAL.
  it('loads under a rollback journal and leaves the file in WAL mode, with no journal beside it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'generate-'));
    const path = join(dir, 'library.db');
    await generateDatabase({ database: { kind: 'sqlite', path }, size: defaultSize(200), seed: 3, now: NOW, force: false });
    expect(readdirSync(dir)).toEqual(['library.db']);
    const db = new SqliteDatabase(path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT count(*) AS n FROM likes').get()).toEqual({ n: 2000 });
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'similarity_bands_load'").get()).toEqual({ n: 0 });
      expect((db.prepare('SELECT count(*) AS n FROM similarity_bands').get() as { n: number }).n).toBeGreaterThan(200);
    } finally {
      db.close();
    }
  });

  it('leaves nothing written and ends the prompts thread when a write fails in the middle', async () => {
    dir = mkdtempSync(join(tmpdir(), 'generate-'));
    const path = join(dir, 'library.db');
    await generateDatabase({ database: { kind: 'sqlite', path }, size: defaultSize(100), seed: 3, now: NOW, force: false });
    const db = new SqliteDatabase(path);
    // A failure of the second batch of prompts (the load writes 10,000 a batch).
    db.exec(`CREATE TRIGGER test_refuses_a_write BEFORE INSERT ON prompts WHEN (SELECT count(*) FROM prompts) >= 10050
             BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    db.close();
    const close = vi.spyOn(PromptBatchesThread.prototype, 'close');
    try {
      const size = defaultSize(20_000);
      await expect(generateDatabase({ database: { kind: 'sqlite', path }, size, seed: 4, now: NOW, force: true })).rejects.toThrow(
        /refused by the test/,
      );
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      close.mockRestore();
    }
    const after = new SqliteDatabase(path, { readonly: true });
    try {
      // The forced run's transaction rolled back: the first run's library is still whole.
      expect(after.prepare('SELECT count(*) AS n FROM prompts').get()).toEqual({ n: 100 });
      expect(after.prepare('SELECT count(*) AS n FROM likes').get()).toEqual({ n: 1000 });
    } finally {
      after.close();
    }
  });
});
