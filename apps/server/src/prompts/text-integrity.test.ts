import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countPrompts } from './read-repository';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';

/** A JSON body exactly as a client could send it, with `\ud800` escapes kept as written. */
function rawJson(fields: Record<string, string>): string {
  return `{${Object.entries(fields)
    .map(([key, value]) => `"${key}":"${value}"`)
    .join(',')}}`;
}

describe.each(TEST_DIALECTS)('text integrity on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it.each([
    ['title', { title: 'Broken \\ud800 title', prompt: 'Fine', category: 'Writing', model: 'GPT-4o' }],
    ['prompt', { title: 'Fine', prompt: 'A low half \\udc00 alone', category: 'Writing', model: 'GPT-4o' }],
    ['category', { title: 'Fine', prompt: 'Fine', category: 'Writ\\udbff', model: 'GPT-4o' }],
  ])('refuses an unpaired surrogate in the %s with a 400 naming it, and stores nothing', async (field, fields) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: { 'content-type': 'application/json' },
      payload: rawJson(fields),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: expect.stringMatching(/valid Unicode text/) } });
    expect(await countPrompts(t.database.db, dialect, {})).toBe(0);
  });

  it('accepts a well-formed pair (an emoji written as two escapes) and stores it unchanged', async () => {
    const payload = rawJson({ title: 'Rocket \\ud83d\\ude80 launch', prompt: 'Plan it', category: 'Writing', model: 'GPT-4o' });
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(201);
    const stored = await t.app.inject({ url: `/api/prompts/${response.json<{ _id: string }>()._id}` });
    expect(stored.json()).toMatchObject({ title: 'Rocket 🚀 launch' });
  });

  it('refuses an unpaired surrogate in a note', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Host', prompt: 'Host prompt', category: 'Writing', model: 'GPT-4o' },
    });
    const id = created.json<{ _id: string }>()._id;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: rawJson({ text: 'Half \\ud800' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { text: expect.any(String) } });
  });
});
