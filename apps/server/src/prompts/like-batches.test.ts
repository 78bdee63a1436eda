import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId } from '../testing/test-app';
import { walPagesDuring } from '../testing/wal-pages';
import { type LikeChange, setLikesInOneTransaction } from './reactions-repository';

async function createPrompt(t: TestApp): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    payload: { title: 'Liked together', prompt: 'Text.', category: 'Writing', model: 'o3' },
  });
  return created.json()._id as string;
}

async function likeState(t: TestApp, id: string) {
  const row = await t.database.db.selectFrom('prompts').select('like_count').where('id', '=', id).executeTakeFirstOrThrow();
  const likes = await t.database.db.selectFrom('likes').select('user_id').where('prompt_id', '=', id).orderBy('user_id').execute();
  return { count: row.like_count, users: likes.map((like) => like.user_id) };
}

// SQLite writes the likes of one turn of the event loop in one transaction (service.ts, likeWriter).
describe('a batch of likes on sqlite', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers each change with the count right after it, as if it were alone', async () => {
    const id = await createPrompt(t);
    const change = (user: number, liked: boolean, promptId = id): LikeChange => ({
      promptId,
      userId: userId(user),
      liked,
      createdAt: new Date().toISOString(),
    });
    const outcomes = await setLikesInOneTransaction(t.database.db, [
      change(1, true),
      change(1, true),
      change(2, true),
      change(1, false),
      change(3, true, 'no-such-prompt'),
      change(3, false),
    ]);
    expect(outcomes).toEqual([{ likeCount: 1 }, { likeCount: 1 }, { likeCount: 2 }, { likeCount: 1 }, undefined, { likeCount: 1 }]);
    expect(await likeState(t, id)).toEqual({ count: 1, users: [userId(2)] });
  });

  it('commits the likes sent in one turn of the event loop together', async () => {
    const id = await createPrompt(t);
    const like = (user: number) =>
      t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(user) }, payload: { liked: true } });
    // Each like alone writes the same pages again (its prompt's row, the summaries, the indexes' leaves).
    const alone = await walPagesDuring(t.database.db, () => like(1));
    const together = await walPagesDuring(t.database.db, () => Promise.all(Array.from({ length: 20 }, (_, index) => like(index + 2))));
    expect(alone).toBeGreaterThan(0);
    // Twenty commits would append about twenty times the pages of one.
    expect(together).toBeLessThan(alone * 3);
    expect((await likeState(t, id)).count).toBe(21);
  });

  it('writes nothing of a batch when one of its changes fails', async () => {
    const id = await createPrompt(t);
    const now = new Date().toISOString();
    const failing = { promptId: id, userId: null as unknown as string, liked: true, createdAt: now };
    await expect(
      setLikesInOneTransaction(t.database.db, [{ promptId: id, userId: userId(1), liked: true, createdAt: now }, failing]),
    ).rejects.toThrow(/NOT NULL/);
    expect(await likeState(t, id)).toEqual({ count: 0, users: [] });
  });
});

describe.each(TEST_DIALECTS)('likes sent at once on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('counts every like once and answers each its own count', async () => {
    const id = await createPrompt(t);
    const users = Array.from({ length: 30 }, (_, index) => index + 1);
    const like = (user: number, liked: boolean) =>
      t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId(user) }, payload: { liked } });
    const liked = await Promise.all(users.map((user) => like(user, true)));
    const counts = liked.map((response) => response.json().likes as number).sort((a, b) => a - b);
    // Each like saw the ones before it and itself: the counts 1 to 30, each once.
    expect(counts).toEqual(users);
    // Unlikes of half of them, and likes again of the others (no change), at once.
    const mixed = await Promise.all(users.map((user) => like(user, user % 2 === 0)));
    expect(mixed.every((response) => response.statusCode === 200)).toBe(true);
    expect(await likeState(t, id)).toEqual({
      count: 15,
      users: users
        .filter((user) => user % 2 === 0)
        .map(userId)
        .sort(),
    });
  });
});
