import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../testing/bare-prompt';
import { createEmptyDatabase, createTestDatabase } from '../testing/test-database';
import {
  type BufferSizing,
  SEARCH_RELATIONS,
  bufferAdvice,
  logBufferAdvice,
  readBufferSizing,
  warnOfSmallBuffers,
} from './postgres-buffers';

const MB = 1024 * 1024;

function sizing(sharedBuffersMb: number, searchSetMb: number): BufferSizing {
  return {
    sharedBuffersBytes: sharedBuffersMb * MB,
    sharedBuffers: `${sharedBuffersMb} MB`,
    searchSetBytes: searchSetMb * MB,
    searchSet: `${searchSetMb} MB`,
  };
}

/** A log that keeps what it is told to warn of. */
function keptWarnings() {
  const warnings: { object: object; message: string }[] = [];
  return { warnings, log: { warn: (object: object, message: string) => warnings.push({ object, message }) } };
}

describe('bufferAdvice', () => {
  it('says nothing when the shared buffers hold what a search reads', () => {
    expect(bufferAdvice(sizing(2048, 1339))).toBeUndefined();
    expect(bufferAdvice(sizing(128, 128))).toBeUndefined();
  });

  it('names both sizes, what to raise and where the sizing is explained when they do not', () => {
    const advice = bufferAdvice(sizing(128, 1339));
    expect(advice).toContain("PostgreSQL's shared_buffers (128 MB) is smaller than the tables and indexes a search reads (1339 MB)");
    expect(advice).toContain('Raise it past 1339 MB and restart PostgreSQL');
    expect(advice).toContain('docs/operations.md');
  });
});

describe('logBufferAdvice', () => {
  it('warns with the advice and both sizes as fields when the buffers are too small', () => {
    const { warnings, log } = keptWarnings();
    logBufferAdvice(sizing(128, 1339), log);
    expect(warnings).toEqual([{ object: { sharedBuffers: '128 MB', searchSet: '1339 MB' }, message: bufferAdvice(sizing(128, 1339)) }]);
  });

  it('warns of nothing when they are not', () => {
    const { warnings, log } = keptWarnings();
    logBufferAdvice(sizing(2048, 1339), log);
    expect(warnings).toEqual([]);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('readBufferSizing on PostgreSQL', () => {
  it('reads shared_buffers as pg_settings has it, and nothing for a schema the migrations have not reached', async () => {
    const { handle, drop } = await createEmptyDatabase('postgres');
    try {
      const { rows } = await sql<{ bytes: string }>`
        SELECT setting::bigint * pg_size_bytes(unit) AS bytes FROM pg_settings WHERE name = 'shared_buffers'`.execute(handle.db);
      const found = await readBufferSizing(handle.db);
      expect(found.sharedBuffersBytes).toBe(Number(rows[0]?.bytes));
      expect(found.searchSetBytes).toBe(0);
      expect(found.searchSet).toBe('0 bytes');
    } finally {
      await handle.close();
      await drop();
    }
  });

  it('counts the search tables of its own schema, every one there once migrated, and grows with the prompts', async () => {
    const database = await createTestDatabase('postgres');
    try {
      // A migration that renames one of them must rename it here too, or the sizing would leave it out unseen.
      const { rows: missing } = await sql<{ name: string }>`
        SELECT name FROM unnest(${[...SEARCH_RELATIONS]}::text[]) AS name WHERE to_regclass(name) IS NULL`.execute(database.db);
      expect(missing).toEqual([]);
      const before = await readBufferSizing(database.db);
      expect(before.searchSetBytes).toBeGreaterThan(0);
      const text = 'A prompt long enough to fill pages of the prompts table quickly. '.repeat(8);
      for (let index = 0; index < 200; index += 1) await insertBarePrompt(database.db, `buffers${index}`, `Buffers ${index}`, text);
      const after = await readBufferSizing(database.db);
      // 200 rows of over 500 bytes each: at least 100 KB more in the prompts table alone.
      expect(after.searchSetBytes - before.searchSetBytes).toBeGreaterThanOrEqual(100 * 1024);
      expect(after.sharedBuffersBytes).toBe(before.sharedBuffersBytes);
      // What docs/operations.md (Sizing) counts, relation by relation.
      const { rows: documented } = await sql<{ bytes: string }>`
        SELECT pg_relation_size('prompt_search') + pg_relation_size('prompt_search_pkey')
          + pg_relation_size('prompt_search_words_idx') + pg_relation_size('prompt_search_word_pairs_idx')
          + pg_relation_size('prompts') + pg_relation_size('prompts_pkey') + pg_relation_size('prompts_created_idx') AS bytes`.execute(
        database.db,
      );
      expect(after.searchSetBytes).toBe(Number(documented[0]?.bytes));
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!url)('warnOfSmallBuffers on PostgreSQL', () => {
  it('warns of nothing when the buffers hold the search tables (a test library)', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const { warnings, log } = keptWarnings();
      await warnOfSmallBuffers(database.db, log);
      expect(warnings).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('gives up on a table locked by a VACUUM FULL or a REINDEX after a second, rather than hold a connection', async () => {
    const database = await createTestDatabase('postgres');
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // What VACUUM FULL and REINDEX take: the one lock sizing a relation waits for.
      const holder = database.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE prompts IN ACCESS EXCLUSIVE MODE`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      const { warnings, log } = keptWarnings();
      await warnOfSmallBuffers(database.db, log);
      release();
      await holder;
      expect(warnings.map(({ message }) => message)).toEqual(['could not compare PostgreSQL shared_buffers with the search tables']);
      expect(String((warnings[0]?.object as { err?: Error }).err?.message)).toContain('lock timeout');
    } finally {
      await database.close();
    }
  });

  it('warns that it could not read the sizes, rather than failing, when the database is gone', async () => {
    const database = await createTestDatabase('postgres');
    await database.close();
    const { warnings, log } = keptWarnings();
    await warnOfSmallBuffers(database.db, log);
    expect(warnings.map(({ message }) => message)).toEqual(['could not compare PostgreSQL shared_buffers with the search tables']);
  });
});
