import { HONEYPOT_FIELD, apiErrorSchema, promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, JSON_HEADERS } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { duplicateKey, normaliseForDuplicates } from '../db/duplicate-key';

const sample = {
  title: 'Weekly Report Writer',
  prompt: 'Write my weekly status report.\nKeep it short.',
  category: 'Writing',
  model: 'GPT-4',
};

describe('duplicate key', () => {
  it('ignores case, surrounding space and runs of whitespace', () => {
    expect(normaliseForDuplicates('  Hello \t\n  World  ')).toBe('hello world');
    expect(duplicateKey('A  Title', 'Some\n\ntext')).toBe(duplicateKey('a title ', ' SOME TEXT'));
  });

  it('tells different titles or texts apart, including where the boundary falls', () => {
    expect(duplicateKey('ab', 'c')).not.toBe(duplicateKey('a', 'bc'));
    expect(duplicateKey('a', 'b')).not.toBe(duplicateKey('a', 'c'));
  });
});

describe.each(TEST_DIALECTS)('spam controls on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const submit = (payload: object) => t.app.inject({ method: 'POST', url: '/api/prompts', payload });
  const countPrompts = async () => (await t.app.inject({ url: '/api/prompts' })).json().length as number;

  it('answers a filled honeypot on a prompt with 201 and stores nothing', async () => {
    const response = await submit({ ...sample, [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(promptSchema.parse(response.json())).toMatchObject({ title: sample.title, likes: 0 });
    expect(await countPrompts()).toBe(0);
    // An empty honeypot (what people send) is a normal submission.
    expect((await submit({ ...sample, [HONEYPOT_FIELD]: '' })).statusCode).toBe(201);
    expect(await countPrompts()).toBe(1);
  });

  it('answers a filled honeypot on a note with 201 and stores nothing', async () => {
    const promptId = (await submit(sample)).json()._id as string;
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${promptId}`,
      payload: { text: 'Buy now', [HONEYPOT_FIELD]: 'x' },
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ text: 'Buy now', promptId });
    expect((await t.app.inject({ url: `/api/comments/${promptId}` })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/prompts/${promptId}` })).json().commentCount).toBe(0);
  });

  it('refuses a prompt whose normalised title and text exist, with a link to it', async () => {
    const original = (await submit(sample)).json()._id as string;
    const again = await submit({
      ...sample,
      title: '  weekly   REPORT writer ',
      prompt: 'write my weekly status report. keep it short.',
      category: 'Other',
    });
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json())).toEqual({
      error: 'DUPLICATE',
      message: 'This prompt is already in the library.',
      link: `/prompts/${original}`,
    });
    // Same title with other text, or other title with same text, is a new prompt.
    expect((await submit({ ...sample, prompt: 'Something else' })).statusCode).toBe(201);
    expect((await submit({ ...sample, title: 'Another title' })).statusCode).toBe(201);
    expect(await countPrompts()).toBe(3);
  });

  it('stores exactly one of many identical concurrent submissions', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(sample)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await countPrompts()).toBe(1);
  });

  it('validates user-id values: user_ plus 8..64 of [A-Za-z0-9_-], anonymous only on copies', async () => {
    const id = (await submit(sample)).json()._id as string;
    const like = (userId: string) =>
      t.app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: { 'user-id': userId }, payload: { liked: true } });
    const copy = (userId: string) =>
      t.app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: { ...JSON_HEADERS, 'user-id': userId } });
    for (const bad of [
      'user_short',
      'user_',
      'anonymous',
      'user_has space0',
      'visitor_12345678',
      `user_${'a'.repeat(65)}`,
      'user_<script>1',
    ]) {
      expect((await like(bad)).statusCode, bad).toBe(400);
    }
    expect((await like(`user_${'a'.repeat(64)}`)).statusCode).toBe(200);
    expect((await like('user_Ab-_1234')).statusCode).toBe(200);
    expect((await copy('anonymous')).statusCode).toBe(200);
    expect((await copy('user_bad!')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/prompts/${id}` })).json()).toMatchObject({ likes: 2, copyCount: 1 });
  });

  it('refuses NUL characters everywhere, alike on both databases: 404 in ids, 400 elsewhere', async () => {
    const id = (await submit(sample)).json()._id as string;
    expect((await submit({ ...sample, title: 'a\u0000b' })).statusCode).toBe(400);
    expect((await submit({ ...sample, prompt: 'x', nested: { deep: ['\u0000'] } })).statusCode).toBe(400);
    for (const url of ['/api/prompts/%00', `/api/prompts/${id}%00/copy`, '/api/comments/%00']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/prompts/${id}%00/like`,
          headers: { 'user-id': 'user_test00000001' },
          payload: { liked: true },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/prompts?q=%00' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/prompts?category=a%00' })).json().error).toBe('BAD_REQUEST');
    expect(await countPrompts()).toBe(1);
  });
});
