import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { counterMismatches } from '../fuzz/invariants';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, JSON_HEADERS, userId } from '../testing/test-app';
import { walPagesDuring } from '../testing/wal-pages';
import { recordCopies } from './reactions-repository';

// Copies are written in batches (write-batches.ts): one statement on
// PostgreSQL, one transaction on SQLite. Each acknowledged copy must still be
// exactly one row and one increment, and a hidden or unknown prompt none.
describe.each(TEST_DIALECTS)('recording copies on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(title: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title, prompt: 'Text.', category: 'Writing', model: 'o3' },
    });
    expect(response.statusCode).toBe(201);
    return response.json()._id as string;
  }

  const hide = (id: string) => t.database.db.updateTable('prompts').set({ status: 'hidden' }).where('id', '=', id).execute();

  async function copyRows(id: string): Promise<string[]> {
    const rows = await t.database.db.selectFrom('copies').select('user_id').where('prompt_id', '=', id).orderBy('created_at').execute();
    return rows.map((row) => row.user_id);
  }

  const copyCount = async (id: string) =>
    (await t.database.db.selectFrom('prompts').select('copy_count').where('id', '=', id).executeTakeFirstOrThrow()).copy_count;

  const copy = (id: string, user: number) =>
    t.app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: { ...JSON_HEADERS, 'user-id': userId(user) } });

  it('writes a batch mixing visible, hidden and unknown prompts: counts in batch order, nothing for the others', async () => {
    const first = await create('First');
    const second = await create('Second');
    const hidden = await create('Hidden');
    await hide(hidden);
    const at = (second: number) => `2026-11-24T00:00:0${second}.000Z`;
    const outcomes = await recordCopies(t.database.db, dialect, [
      { promptId: first, userId: userId(1), createdAt: at(1) },
      { promptId: hidden, userId: userId(2), createdAt: at(2) },
      { promptId: first, userId: userId(3), createdAt: at(3) },
      { promptId: 'unknownprompt1', userId: userId(4), createdAt: at(4) },
      { promptId: second, userId: 'anonymous', createdAt: at(5) },
      { promptId: first, userId: userId(6), createdAt: at(6) },
    ]);
    expect(outcomes).toEqual([{ copyCount: 1 }, undefined, { copyCount: 2 }, undefined, { copyCount: 1 }, { copyCount: 3 }]);
    expect(await copyRows(first)).toEqual([userId(1), userId(3), userId(6)]);
    expect(await copyRows(second)).toEqual(['anonymous']);
    expect(await copyRows(hidden)).toEqual([]);
    expect(await copyCount(hidden)).toBe(0);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it('answers 100 concurrent copies with the counts 1 to 100, each once', async () => {
    const id = await create('Popular');
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => copy(id, index)));
    const counts = answers.map((answer) => answer.json().copyCount as number).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  it.runIf(dialect === 'sqlite')('commits the copies sent in one turn of the event loop together', async () => {
    const id = await create('Copied together');
    const alone = await walPagesDuring(t.database.db, () => copy(id, 1));
    const together = await walPagesDuring(t.database.db, () => Promise.all(Array.from({ length: 20 }, (_, index) => copy(id, index + 2))));
    expect(alone).toBeGreaterThan(0);
    // Twenty commits would append about twenty times the pages of one.
    expect(together).toBeLessThan(alone * 3);
    expect(await copyCount(id)).toBe(21);
  });

  it('refuses the copies that waited behind a hide, once the hide commits', async () => {
    const id = await create('Hidden while copied');
    expect((await copy(id, 0)).json()).toEqual({ copyCount: 1 });
    let waiting: Promise<Awaited<ReturnType<typeof copy>>[]> | undefined;
    let settled = false;
    let settledBeforeCommit = true;
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('prompts').set({ status: 'hidden' }).where('id', '=', id).execute();
      // These wait for the hide's row lock (PostgreSQL) or connection (SQLite) until it commits.
      waiting = Promise.all(Array.from({ length: 20 }, (_, index) => copy(id, index + 1)));
      void waiting.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      settledBeforeCommit = settled;
    });
    const answers = (await waiting) ?? [];
    expect(settledBeforeCommit).toBe(false);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 404));
    expect(await copyRows(id)).toEqual([userId(0)]);
    expect(await copyCount(id)).toBe(1);
  });

  it('writes overlapping batches side by side without a deadlock, every count exact', async () => {
    const ids = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map(create));
    // Two instances' batches naming the same prompts in opposite orders: on PostgreSQL on separate
    // connections, where locking rows in the batch's own order would deadlock; SQLite runs them one by one.
    const batches = Array.from({ length: 24 }, (_, index) => {
      const order = index % 2 === 0 ? ids : [...ids].reverse();
      return order.map((promptId) => ({ promptId, userId: userId(index), createdAt: new Date().toISOString() }));
    });
    const outcomes = await Promise.all(batches.map((batch) => recordCopies(t.database.db, dialect, batch)));
    expect(outcomes.flat().every((outcome) => outcome !== undefined)).toBe(true);
    for (const id of ids) expect(await copyCount(id)).toBe(batches.length);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});
