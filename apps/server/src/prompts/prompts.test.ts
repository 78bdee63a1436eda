import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { type Prompt, promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';

const valid = { title: 'Weekly Review', prompt: 'Help me review my week.', category: 'Productivity', model: 'GPT-4o' };

describe.each(TEST_DIALECTS)('prompts API on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(body: Partial<typeof valid> = {}): Promise<Prompt> {
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...valid, ...body } });
    expect(response.statusCode).toBe(201);
    return promptSchema.parse(response.json());
  }

  describe('POST /api/prompts', () => {
    it('creates a prompt with zero counters and returns it', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: valid });
      expect(response.statusCode).toBe(201);
      const created = promptSchema.parse(response.json());
      expect(created).toMatchObject({ ...valid, likes: 0, liked: false, copyCount: 0, commentCount: 0 });
      expect(response.headers.location).toBe(`/api/prompts/${created._id}`);
      const fetched = await t.app.inject({ url: `/api/prompts/${created._id}` });
      expect(fetched.json()).toEqual(created);
    });

    it.each(Object.entries(PROMPT_LIMITS))('accepts %s at exactly its limit and rejects one more', async (field, limit) => {
      const atLimit = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...valid, [field]: 'a'.repeat(limit) } });
      expect(atLimit.statusCode).toBe(201);
      expect(atLimit.json()[field]).toBe('a'.repeat(limit));

      const over = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...valid, [field]: 'a'.repeat(limit + 1) } });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        error: 'VALIDATION_FAILED',
        message: expect.any(String),
        fields: { [field]: `Exceeds ${limit} character limit` },
      });
    });

    it('counts code points, so an emoji is one character', async () => {
      const title = '😀'.repeat(PROMPT_LIMITS.title);
      expect(title.length).toBe(100);
      const created = await create({ title });
      expect(created.title).toBe(title);
      const over = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...valid, title: `${title}😀` } });
      expect(over.statusCode).toBe(400);
    });

    it('stores exactly what was sent (after trimming), never truncated', async () => {
      const prompt = `Line one\n\tLine two with ünïcödé, <b>tags</b> & "quotes" ${'x'.repeat(4900)}`;
      const created = await create({ prompt: `  ${prompt}  ` });
      expect(created.prompt).toBe(prompt);
    });

    it.each(['title', 'prompt', 'category', 'model'])('rejects a blank or whitespace-only %s', async (field) => {
      for (const value of ['', '   ', '\n\t ']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...valid, [field]: value } });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toHaveProperty(field);
      }
    });

    it('rejects missing fields and wrong types with a field message each', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { title: 5, prompt: ['x'] } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields).sort()).toEqual(['category', 'model', 'prompt', 'title']);
    });

    it('rejects malformed JSON, a non-object body and a body over 64 KiB, and keeps answering', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": "x",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'INVALID_JSON', message: expect.any(String) });

      const array = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: [1, 2] });
      expect(array.statusCode).toBe(400);
      expect(array.json().error).toBe('VALIDATION_FAILED');

      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, prompt: 'x'.repeat(70 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });

      const text = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
      expect(text.statusCode).toBe(415);
      expect(text.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');

      const health = await t.app.inject({ url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ url: '/api/prompts' })).json()).toEqual([]);
    });
  });

  describe('GET /api/prompts/:id', () => {
    it.each(['x', '../../etc', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(500), '😀', '%00', "' OR 1=1 --"])(
      'answers 404 for the odd id %s',
      async (id) => {
        await create();
        const response = await t.app.inject({ url: `/api/prompts/${encodeURIComponent(id)}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Prompt not found' });
      },
    );
  });

  describe('likes', () => {
    it('counts a like once per user, reports liked per user, and never goes below zero', async () => {
      const { _id } = await create();
      const like = (user: string, liked: boolean) =>
        t.app.inject({ method: 'POST', url: `/api/prompts/${_id}/like`, headers: { 'user-id': user }, payload: { liked } });

      expect((await like(userId(1), false)).json()).toEqual({ likes: 0, liked: false });
      expect((await like(userId(1), true)).json()).toEqual({ likes: 1, liked: true });
      expect((await like(userId(1), true)).json()).toEqual({ likes: 1, liked: true });
      expect((await like(userId(2), true)).json()).toEqual({ likes: 2, liked: true });

      const asUser1 = await t.app.inject({ url: `/api/prompts/${_id}`, headers: { 'user-id': userId(1) } });
      expect(asUser1.json()).toMatchObject({ likes: 2, liked: true });
      const asUser3 = await t.app.inject({ url: `/api/prompts/${_id}`, headers: { 'user-id': userId(3) } });
      expect(asUser3.json()).toMatchObject({ likes: 2, liked: false });

      expect((await like(userId(1), false)).json()).toEqual({ likes: 1, liked: false });
      expect((await like(userId(1), false)).json()).toEqual({ likes: 1, liked: false });
      expect((await like(userId(2), false)).json()).toEqual({ likes: 0, liked: false });
      expect((await like(userId(2), false)).json()).toEqual({ likes: 0, liked: false });
    });

    it('needs a well-formed user-id and a boolean, and 404s for an unknown prompt', async () => {
      const { _id } = await create();
      const missing = await t.app.inject({ method: 'POST', url: `/api/prompts/${_id}/like`, payload: { liked: true } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('MISSING_USER_ID');

      const malformed = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${_id}/like`,
        headers: { 'user-id': 'robert"); drop table' },
        payload: { liked: true },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe('INVALID_USER_ID');

      const notBoolean = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${_id}/like`,
        headers: { 'user-id': userId(1) },
        payload: { liked: 'yes' },
      });
      expect(notBoolean.statusCode).toBe(400);
      expect(notBoolean.json().fields).toHaveProperty('liked');

      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/prompts/nope/like',
        headers: { 'user-id': userId(1) },
        payload: { liked: true },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('ends at exactly 200 after 200 concurrent likes from 200 users', async () => {
      const { _id } = await create();
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: `/api/prompts/${_id}/like`,
            headers: { 'user-id': userId(index) },
            payload: { liked: true },
          }),
        ),
      );
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const prompt = await t.app.inject({ url: `/api/prompts/${_id}` });
      expect(prompt.json().likes).toBe(200);
      const rows = await t.database.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(200);
    });

    it('ends exact when the same users like and unlike concurrently', async () => {
      const { _id } = await create();
      const requests = Array.from({ length: 120 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/prompts/${_id}/like`,
          headers: { 'user-id': userId(index % 30) },
          payload: { liked: index % 4 !== 3 },
        }),
      );
      await Promise.all(requests);
      const rows = await t.database.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const prompt = await t.app.inject({ url: `/api/prompts/${_id}` });
      expect(prompt.json().likes).toBe(Number(rows.n));
    });
  });

  describe('copies', () => {
    it('records a copy for a user, for anonymous and for no header, and sends copyCount', async () => {
      const { _id } = await create();
      const asUser = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${_id}/copy`,
        headers: { ...JSON_HEADERS, 'user-id': userId(1) },
      });
      expect(asUser.json()).toEqual({ copyCount: 1 });
      // The spec's client sends a JSON content type with no body.
      const asAnonymous = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${_id}/copy`,
        headers: { 'user-id': 'anonymous', 'content-type': 'application/json' },
      });
      expect(asAnonymous.statusCode).toBe(200);
      expect(asAnonymous.json()).toEqual({ copyCount: 2 });
      const withoutHeader = await t.app.inject({ method: 'POST', url: `/api/prompts/${_id}/copy`, headers: JSON_HEADERS });
      expect(withoutHeader.json()).toEqual({ copyCount: 3 });
    });

    it('rejects a malformed user-id and 404s for an unknown prompt', async () => {
      const { _id } = await create();
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/prompts/${_id}/copy`,
        headers: { ...JSON_HEADERS, 'user-id': 'someone' },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/prompts/unknown/copy',
        headers: { ...JSON_HEADERS, 'user-id': 'anonymous' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('adds exactly 100 after 100 concurrent copies', async () => {
      const { _id } = await create();
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          t.app.inject({ method: 'POST', url: `/api/prompts/${_id}/copy`, headers: { ...JSON_HEADERS, 'user-id': userId(index % 7) } }),
        ),
      );
      expect((await t.app.inject({ url: `/api/prompts/${_id}` })).json().copyCount).toBe(100);
      const rows = await t.database.db
        .selectFrom('copies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(100);
    });
  });
});
