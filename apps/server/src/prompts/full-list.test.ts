import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { openSpoolFileCount } from '../http/spool-file';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId } from '../testing/test-app';
import { likedFlagsPatch } from './full-list';
import { insertPromptsIfAbsent } from './insert-repository';

/** Several of the builder's turns of 400 prompts, so the list is made of several chunks. */
const PROMPT_COUNT = 2300;
const CATEGORIES = ['Writing', 'Coding', 'Education', 'Marketing'];

/** Every page of the paged list, followed by its Link header, concatenated: what the unpaged list must equal. */
async function allPages(t: TestApp, query: string): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let url: string | undefined = `/api/prompts?limit=100${query ? `&${query}` : ''}`;
  while (url) {
    const response: LightMyRequestResponse = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    prompts.push(...response.json<Prompt[]>());
    url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
  }
  return prompts;
}

describe("a visitor's liked flags", () => {
  it("are set on their liked prompts alone, even when a prompt's text quotes another's JSON", () => {
    const prompt = (id: string, text: string) =>
      JSON.stringify({ _id: id, title: 't', prompt: text, likes: 1, liked: false, copyCount: 0 });
    const piece = `[${[prompt('a1', '{"_id":"b2","liked":false}'), prompt('b2', ',"liked":false'), prompt('c3', 'plain')].join(',')}`;
    const patched = likedFlagsPatch(new Set(['b2', 'c3']))(Buffer.from(piece));
    expect(patched.length).toBe(piece.length);
    const items = JSON.parse(`${patched.toString()}]`) as { _id: string; prompt: string; liked: boolean }[];
    expect(items.map((item) => [item._id, item.liked, item.prompt])).toEqual([
      ['a1', false, '{"_id":"b2","liked":false}'],
      ['b2', true, ',"liked":false'],
      ['c3', true, 'plain'],
    ]);
  });
});

describe.each(TEST_DIALECTS)('the unpaged list on %s', (dialect) => {
  let t: TestApp;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: PROMPT_COUNT }, (_, index) => ({
      id: newId(),
      // Some prompts share a creation time, so ties are ordered by id.
      title: `Prompt ${index} ${index % 7 === 0 ? 'newsletter' : 'plain'} «ünïcode»`,
      prompt: `Text "${index}" with \\ and \n lines`,
      category: CATEGORIES[index % CATEGORIES.length] as string,
      model: index % 2 ? 'GPT-4o' : 'Claude Sonnet 4',
      created_at: new Date(start + Math.floor(index / 3) * 1000).toISOString(),
      like_count: (index * 37) % 11,
      copy_count: (index * 13) % 5,
    }));
    await insertPromptsIfAbsent(t.database.db, rows);
    ids = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('equals the paged list concatenated, in every order and with filters and a search', async () => {
    for (const query of ['', 'sort=likes_desc', 'sort=likes_asc', 'sort=copies_desc', 'category=Coding', 'q=newsletter&sort=likes_desc']) {
      const unpaged = await t.app.inject({ url: `/api/prompts${query ? `?${query}` : ''}` });
      expect(unpaged.statusCode, query).toBe(200);
      expect(unpaged.headers['x-total-count'], query).toBeUndefined();
      const list = unpaged.json<Prompt[]>();
      expect(list, query).toEqual(await allPages(t, query));
      if (query === '') expect(new Set(list.map((prompt) => prompt._id))).toEqual(new Set(ids));
    }
  });

  it("sets only the visitor's own liked flags, sends the same JSON in every encoding, and answers 304 to its ETag", async () => {
    const visitor = userId('full-list-visitor');
    const liked = [ids[0], ids[1500], ids[2299]] as string[];
    for (const id of liked) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${id}/like`,
        headers: { 'user-id': visitor },
        payload: { liked: true },
      });
      expect(response.statusCode).toBe(200);
    }
    const shared = await t.app.inject({ url: '/api/prompts', headers: { 'accept-encoding': 'identity' } });
    const mine = await t.app.inject({ url: '/api/prompts', headers: { 'user-id': visitor, 'accept-encoding': 'identity' } });
    const sharedList = shared.json<Prompt[]>();
    const myList = mine.json<Prompt[]>();
    expect(
      myList
        .filter((prompt) => prompt.liked)
        .map((prompt) => prompt._id)
        .sort(),
    ).toEqual([...liked].sort());
    expect(sharedList.some((prompt) => prompt.liked)).toBe(false);
    expect(myList.map((prompt) => ({ ...prompt, liked: false }))).toEqual(sharedList);
    // Likes show at once: the shared list was built after them.
    expect(sharedList.find((prompt) => prompt._id === liked[0])?.likes).toBe(((0 * 37) % 11) + 1);
    expect(Number(shared.headers['content-length'])).toBe(shared.rawPayload.length);

    const br = await t.app.inject({ url: '/api/prompts', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(sharedList);
    const gzip = await t.app.inject({ url: '/api/prompts', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(sharedList);
    const myGzip = await t.app.inject({ url: '/api/prompts', headers: { 'user-id': visitor, 'accept-encoding': 'gzip' } });
    expect(myGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(myGzip.rawPayload).toString('utf8'))).toEqual(myList);

    const etag = String(shared.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(br.headers.etag).toBe(etag);
    expect((await t.app.inject({ url: '/api/prompts', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // Any write makes a new list with a new validator.
    await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${liked[0]}/like`,
      headers: { 'user-id': visitor },
      payload: { liked: false },
    });
    const after = await t.app.inject({ url: '/api/prompts', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('lists every prompt exactly once, in order, while likes reorder them during the build', async () => {
    const reader = t.app.inject({ url: '/api/prompts?sort=likes_desc' });
    // Likes that move prompts from the end of the order to its start while the list is read page by page.
    const likes = ids.slice(0, 200).map((id, index) =>
      t.app.inject({
        method: 'POST',
        url: `/api/prompts/${id}/like`,
        headers: { 'user-id': userId(`reorder-${index}`) },
        payload: { liked: true },
      }),
    );
    const [response] = await Promise.all([reader, ...likes]);
    const list = response.json<Prompt[]>();
    expect(list).toHaveLength(PROMPT_COUNT);
    expect(new Set(list.map((prompt) => prompt._id)).size).toBe(PROMPT_COUNT);
    for (let index = 1; index < list.length; index += 1) {
      const [previous, current] = [list[index - 1] as Prompt, list[index] as Prompt];
      expect(previous.likes >= current.likes, `order at ${index}`).toBe(true);
    }
  });

  it('keeps no more spool files open after many rebuilds than after a few: each list and compressed form is let go once replaced', async () => {
    const visitor = userId('spool-rounds');
    const round = async (index: number) => {
      const like = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${ids[index]}/like`,
        headers: { 'user-id': visitor },
        payload: { liked: true },
      });
      expect(like.statusCode).toBe(200);
      // A new list after the write, its two compressed forms, and two streams of it.
      for (const headers of [
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'identity' },
        { 'user-id': visitor },
      ]) {
        expect((await t.app.inject({ url: '/api/prompts', headers })).statusCode).toBe(200);
      }
    };
    // Past the four lists whose compressed forms are kept (http/spooled-json.ts), the count holds level.
    for (let index = 0; index < 5; index += 1) await round(index);
    // Releases come a turn after a list is let go.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const level = openSpoolFileCount();
    for (let index = 5; index < 9; index += 1) await round(index);
    await expect.poll(() => openSpoolFileCount()).toBe(level);
  });
});

describe('an app that closes', () => {
  it('closes the spool files of the unpaged lists it kept', async () => {
    const before = openSpoolFileCount();
    const t = await createTestApp('sqlite');
    try {
      const prompt = { id: newId(), title: 'Kept list', prompt: 'A prompt in the kept list', category: 'Writing', model: 'GPT-4o' };
      await insertPromptsIfAbsent(t.database.db, [{ ...prompt, created_at: new Date().toISOString(), like_count: 0, copy_count: 0 }]);
      expect((await t.app.inject({ url: '/api/prompts' })).statusCode).toBe(200);
      // The list and its spool file stay with the cache after the answer.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(openSpoolFileCount()).toBeGreaterThan(before);
    } finally {
      await t.close();
    }
    await expect.poll(() => openSpoolFileCount()).toBe(before);
  });
});
