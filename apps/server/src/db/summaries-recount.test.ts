import { execFile } from 'node:child_process';
import { setTimeout } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchGramMismatches, searchWordCountMismatches, summaryMismatches } from '../fuzz/invariants';
import { JSON_HEADERS, type TestApp, createTestApp, userId } from '../testing/test-app';
import { TEST_DIALECTS, type TestDatabase, processDatabaseUrl } from '../testing/test-database';
import { recountSummaries } from './summaries';

/**
 * `npm run admin -- recount` (recountSummaries): every summary counted again
 * from the library, safely while servers write.
 */

const ROOT = new URL('../../../../', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;
const run = promisify(execFile);

async function addLibrary(t: TestApp): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, category] of ['Writing', 'Coding', 'Writing'].entries()) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: `Absolute draft number ${index}`, prompt: `Write about ${category} ${index}`, category, model: 'o3' },
    });
    expect(response.statusCode).toBe(201);
    ids.push(response.json()._id);
  }
  for (const [index, id] of ids.entries()) {
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${id}/like`,
      headers: { 'user-id': userId(index) },
      payload: { liked: true },
    });
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${id}/copy`,
      headers: { ...JSON_HEADERS, 'user-id': userId(index) },
    });
    expect([like.statusCode, copy.statusCode]).toEqual([200, 200]);
  }
  return ids;
}

describe.each(TEST_DIALECTS)('npm run admin -- recount on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(dialect);
  });

  afterEach(async () => {
    await t.close();
  });

  it('counts every summary again from the library, mending what writes that bypassed them left wrong', async () => {
    await addLibrary(t);
    const db = t.database.db;
    // What a writer that bypasses the application leaves: a prompt inserted with
    // plain SQL (its title words and short needles not counted), and summary rows
    // moved by hand.
    await sql`INSERT INTO prompts (id, title, prompt, category, model, status, created_at)
      VALUES ('plain-sql-prompt', 'Zebra quiz', 'qz', 'Trivia', 'o3', 'visible', '2026-01-02T03:04:05.000Z')`.execute(db);
    await sql`UPDATE summary_facets SET prompts = prompts + 5 WHERE field = 'category' AND name = 'Writing'`.execute(db);
    await sql`DELETE FROM search_grams WHERE gram = 'ab'`.execute(db);
    expect((await summaryMismatches(db)).map((mismatch) => mismatch.summary)).toEqual(expect.arrayContaining(['facets', 'keywords']));
    expect(await searchGramMismatches(db)).toEqual(expect.arrayContaining([expect.stringContaining('"ab"')]));

    const { stdout } = await run(TSX, ['apps/server/cli/admin.ts', 'recount'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: processDatabaseUrl(t.database), REDIS_URL: '' },
    });
    expect(stdout.trim()).toMatch(/^Summaries recounted in \d+\.\d s \(4 visible prompts\)\.$/);
    expect(await summaryMismatches(db)).toEqual([]);
    expect(await searchGramMismatches(db)).toEqual([]);
    expect(await searchWordCountMismatches(db)).toEqual([]);
    // Nothing was cached before: these read the recounted rows.
    const facets = (await t.app.inject({ url: '/api/facets' })).json();
    expect(facets.total).toBe(4);
    expect(facets.categories).toEqual(
      expect.arrayContaining([
        { name: 'Writing', count: 2 },
        { name: 'Trivia', count: 1 },
      ]),
    );
    expect((await t.app.inject({ url: '/api/prompts/count?q=qz' })).json()).toEqual({ total: 1 });
  }, 60_000);

  it('refuses anything after the word recount', async () => {
    const attempt = run(TSX, ['apps/server/cli/admin.ts', 'recount', 'now'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: processDatabaseUrl(t.database) },
    });
    await expect(attempt).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('| recount') });
  }, 60_000);
});

/** A connection of its own to the test's schema, as another server's would be. */
async function otherConnection(database: TestDatabase): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: processDatabaseUrl(database) });
  await client.connect();
  return client;
}

describe.runIf(TEST_DIALECTS.includes('postgres'))('the recount beside writing servers, on PostgreSQL', () => {
  let t: TestApp;
  let ids: string[];
  const clients: pg.Client[] = [];

  beforeEach(async () => {
    t = await createTestApp('postgres');
    ids = await addLibrary(t);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    await t.close();
  });

  it('holds writes to what it reads off until it commits, reads going on', async () => {
    // Another session holds the table the recount rewrites last, so the recount stops there, its locks held.
    const blocker = await otherConnection(t.database);
    const writer = await otherConnection(t.database);
    clients.push(blocker, writer);
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE search_grams IN ACCESS EXCLUSIVE MODE');
    const recount = recountSummaries(t.database.db);
    let waiting = false;
    for (let tries = 0; tries < 200 && !waiting; tries += 1) {
      await setTimeout(25);
      const locks = await blocker.query(
        "SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'search_grams' AND NOT l.granted",
      );
      waiting = (locks.rowCount ?? 0) > 0;
    }
    expect(waiting).toBe(true);

    // A write that touches no summary row still waits: the table lock, not a row lock, holds it.
    await writer.query("SET lock_timeout = '300ms'");
    await expect(writer.query('UPDATE prompts SET comment_count = comment_count WHERE id = $1', [ids[0]])).rejects.toMatchObject({
      code: '55P03',
    });
    // Reads do not wait.
    expect((await writer.query('SELECT count(*)::int AS n FROM likes')).rows[0]).toEqual({ n: 3 });

    await blocker.query('ROLLBACK');
    await recount;
    await writer.query('UPDATE prompts SET comment_count = comment_count WHERE id = $1', [ids[0]]);
  }, 60_000);

  it('lets a write in progress go first and tries again, rather than failing', async () => {
    const writer = await otherConnection(t.database);
    clients.push(writer);
    // A like whose transaction is still open: its row and its summaries' moves are not committed yet.
    await writer.query('BEGIN');
    await writer.query("INSERT INTO likes (prompt_id, user_id, created_at) VALUES ($1, $2, '2026-03-04T05:06:07.000Z')", [
      ids[1],
      userId('late'),
    ]);
    await writer.query('UPDATE prompts SET like_count = like_count + 1 WHERE id = $1', [ids[1]]);
    const recount = recountSummaries(t.database.db);
    // Longer than the recount's wait for a lock (100 ms): it has given way at least once.
    await setTimeout(400);
    await writer.query('COMMIT');
    await recount;
    expect(await summaryMismatches(t.database.db)).toEqual([]);
    const totals = await sql<{ likes: string }>`SELECT sum(likes) AS likes FROM summary_totals`.execute(t.database.db);
    expect(Number(totals.rows[0]?.likes)).toBe(4);
  }, 60_000);
});
