import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { JSON_HEADERS, type TestApp, createTestApp, userId } from '../testing/test-app';

/**
 * A search found in many prompts answers its page without waiting for its
 * total (decision 0013): X-Total-Count is left out until the total has been
 * counted, and GET /api/prompts/count answers it; unless counts kept with
 * the writes answer it at once (decisions 0015 and 0016).
 */

/** In every "Common" title and nowhere else; neither kept counts answer it (two words, so no word on PostgreSQL). */
const COMMON_PHRASE = 'mon%20task';

/**
 * At least MATCH_COUNT_REACH (1.5) smallest match lists (MIN_MATCH_LIST in
 * listing.ts, 100), so "common" has no list, is not counted with it, and
 * pages walk in order.
 */
const COMMON = 160;

/** In the text of the first BANDED "Common" prompts: more than a list holds, fewer than it is counted on to. */
const BANDED_PHRASE = 'a%20banded%20one';
const BANDED = 130;

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

describe.each(TEST_DIALECTS)('a search total that follows its page, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
    for (let index = 0; index < COMMON; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: {
          title: `Common task ${index}`,
          prompt: `Step ${index}: describe item ${index * 7} plainly${index < BANDED ? ', a banded one' : ''}.`,
          category: 'Writing',
          model: 'o3',
        },
      });
      expect(response.statusCode).toBe(201);
    }
    const rare = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Rare Zebra Note', prompt: 'Only this one has it.', category: 'Fun', model: 'o3' },
    });
    expect(rare.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const page = (query: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/prompts?${query}`, headers });
  const count = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: `/api/prompts/count?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { total: number }).total;
  };

  it('leaves the total of a common search out of its first page, and counts it on request', async () => {
    const first = await page(`q=${COMMON_PHRASE}&limit=10&sort=likes_desc`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(10);
    expect(first.headers['x-total-count']).toBeUndefined();
    expect(first.headers.link).toContain('cursor=');
    // Order and paging are ignored by the count: the list's own query string may be sent as it is.
    expect(await count(`q=${COMMON_PHRASE}&limit=10&sort=likes_desc`)).toBe(COMMON);
    // Once counted, every page of that search carries it again, the cached first page too.
    expect((await page(`q=${COMMON_PHRASE}&limit=10&sort=likes_desc`)).headers['x-total-count']).toBe(String(COMMON));
    expect((await page(`q=${COMMON_PHRASE}&limit=10&sort=newest`)).headers['x-total-count']).toBe(String(COMMON));
  });

  it("sends the total of a search found in up to 1.5 lists' worth with its first page, hidden matches taken off", async () => {
    // Its match list's statement found it common and counted on (findMatches): no count request needed.
    const first = await page(`q=${BANDED_PHRASE}&limit=10`);
    expect(first.json()).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe(String(BANDED));
    expect(await count(`q=${BANDED_PHRASE}`)).toBe(BANDED);
    // What was counted is the whole library's: with a category beside it, the total is counted apart.
    const filtered = await page(`q=${BANDED_PHRASE}&category=Fun&limit=10`);
    expect(filtered.json()).toEqual([]);
    expect(filtered.headers['x-total-count']).toBeUndefined();
    expect(await count(`q=${BANDED_PHRASE}&category=Fun`)).toBe(0);
    const [banded] = first.json() as Prompt[];
    const moderate = (action: 'hide' | 'unhide') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/prompts/${banded?._id}/${action}`,
        headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
      });
    expect((await moderate('hide')).statusCode).toBe(200);
    try {
      expect((await page(`q=${BANDED_PHRASE}&limit=10&sort=likes_desc`)).headers['x-total-count']).toBe(String(BANDED - 1));
      expect(await count(`q=${BANDED_PHRASE}`)).toBe(BANDED - 1);
    } finally {
      expect((await moderate('unhide')).statusCode).toBe(200);
    }
    expect((await page(`q=${BANDED_PHRASE}&limit=10`)).headers['x-total-count']).toBe(String(BANDED));
  });

  it('sends the kept total of a short search, and on PostgreSQL of a word, with its first page', async () => {
    // "mm" is in every "Common" title and nowhere else: too short for the index, its visible prompts are kept.
    const short = await page('q=mm&limit=5');
    expect(short.json()).toHaveLength(5);
    expect(short.headers['x-total-count']).toBe(String(COMMON));
    expect(await count('q=mm')).toBe(COMMON);
    // A word's prompts are kept on PostgreSQL only (its word index); SQLite counts it when asked.
    const word = await page('q=common&limit=5');
    expect(word.headers['x-total-count']).toBe(dialect === 'postgres' ? String(COMMON) : undefined);
    expect(await count('q=common')).toBe(COMMON);
  });

  it('sends the total at once for browsing, filters and a rare search', async () => {
    expect((await page('limit=5')).headers['x-total-count']).toBe(String(COMMON + 1));
    expect((await page('limit=5&category=Fun')).headers['x-total-count']).toBe('1');
    expect((await page('q=zebra&limit=5')).headers['x-total-count']).toBe('1');
    expect(await count('')).toBe(COMMON + 1);
    expect(await count('category=Fun')).toBe(1);
    expect(await count('q=zebra&category=Writing')).toBe(0);
  });

  it('counts liked-only for the visitor who asks', async () => {
    const [prompt] = (await page('q=zebra&limit=1')).json() as Prompt[];
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${prompt?._id}/like`,
      headers: { 'user-id': userId(7) },
      payload: { liked: true },
    });
    expect(liked.statusCode).toBe(200);
    expect(await count('liked=true', { 'user-id': userId(7) })).toBe(1);
    expect(await count('liked=true', { 'user-id': userId(8) })).toBe(0);
  });

  it('never sends a total counted before the library changed', async () => {
    await page(`q=${COMMON_PHRASE}&limit=10`);
    expect(await count(`q=${COMMON_PHRASE}`)).toBe(COMMON);
    expect((await page('q=mm&limit=10')).headers['x-total-count']).toBe(String(COMMON));
    expect((await page(`q=${BANDED_PHRASE}&limit=10`)).headers['x-total-count']).toBe(String(BANDED));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Common task extra', prompt: 'One more of them, a banded one, written later.', category: 'Writing', model: 'o3' },
    });
    expect(added.statusCode).toBe(201);
    const after = await page(`q=${COMMON_PHRASE}&limit=10`);
    expect(after.headers['x-total-count']).toBeUndefined();
    expect(await count(`q=${COMMON_PHRASE}`)).toBe(COMMON + 1);
    expect((await page(`q=${COMMON_PHRASE}&limit=10`)).headers['x-total-count']).toBe(String(COMMON + 1));
    // A kept total comes with the page at once, already counting the new prompt; so does one counted on past
    // its match list's limit, counted again.
    expect((await page('q=mm&limit=10')).headers['x-total-count']).toBe(String(COMMON + 1));
    expect((await page(`q=${BANDED_PHRASE}&limit=10`)).headers['x-total-count']).toBe(String(BANDED + 1));
  });

  it('refuses bad filters in the error shape', async () => {
    for (const query of ['tags=%3Cb%3E', `q=${'x'.repeat(201)}`, 'liked=maybe']) {
      const response = await t.app.inject({ url: `/api/prompts/count?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });
});
