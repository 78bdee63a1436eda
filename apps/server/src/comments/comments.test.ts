import { COMMENT_LIMITS } from '@prompt-vault/shared/limits';
import { commentSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { type TestApp, createTestApp } from '../testing/test-app';

describe.each(TEST_DIALECTS)('comments API on %s', (dialect) => {
  let t: TestApp;
  let promptId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'T', prompt: 'P', category: 'C', model: 'M' },
    });
    promptId = response.json()._id;
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (payload: unknown, id = promptId) =>
    t.app.inject({ method: 'POST', url: `/api/comments/${id}`, payload: payload as object });

  it('posts notes, lists them oldest first and keeps the prompt note count', async () => {
    const first = await post({ text: 'First note', author: 'Ana' });
    expect(first.statusCode).toBe(201);
    expect(commentSchema.parse(first.json())).toMatchObject({ promptId, text: 'First note', author: 'Ana' });
    const second = await post({ text: '  Second note  ' });
    expect(second.json()).toMatchObject({ text: 'Second note', author: null });

    const listed = await t.app.inject({ url: `/api/comments/${promptId}` });
    expect(listed.json().map((c: { text: string }) => c.text)).toEqual(['First note', 'Second note']);
    expect((await t.app.inject({ url: `/api/prompts/${promptId}` })).json().commentCount).toBe(2);
  });

  it('accepts text and author at their limits and rejects one more', async () => {
    expect((await post({ text: 'a'.repeat(COMMENT_LIMITS.text), author: 'b'.repeat(COMMENT_LIMITS.author) })).statusCode).toBe(201);
    const longText = await post({ text: 'a'.repeat(COMMENT_LIMITS.text + 1) });
    expect(longText.statusCode).toBe(400);
    expect(longText.json().fields).toEqual({ text: `Exceeds ${COMMENT_LIMITS.text} character limit` });
    const longAuthor = await post({ text: 'ok', author: 'b'.repeat(COMMENT_LIMITS.author + 1) });
    expect(longAuthor.json().fields).toEqual({ author: `Exceeds ${COMMENT_LIMITS.author} character limit` });
  });

  it('rejects blank text and wrong types', async () => {
    expect((await post({ text: '   ' })).json().fields).toHaveProperty('text');
    expect((await post({ text: 12 })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
  });

  it('answers an empty list for an unknown prompt and 404 when posting to one', async () => {
    expect((await t.app.inject({ url: '/api/comments/unknown' })).json()).toEqual([]);
    const response = await post({ text: 'hello' }, 'unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });

  it('counts 50 concurrent notes exactly', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, index) => post({ text: `note ${index}` })));
    expect((await t.app.inject({ url: `/api/prompts/${promptId}` })).json().commentCount).toBe(50);
    expect((await t.app.inject({ url: `/api/comments/${promptId}` })).json()).toHaveLength(50);
  });
});
