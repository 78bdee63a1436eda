import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { JSON_HEADERS, type TestApp, createTestApp, userId } from '../testing/test-app';

/**
 * Cross-site writes: what another site's page can make a visitor's browser
 * send without a CORS preflight (a form post, a no-cors fetch) has no JSON
 * content type, so it must change nothing. Sent over a real socket, as a
 * browser would send it.
 */
describe.each(TEST_DIALECTS)('state-changing requests accept only JSON on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let promptId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    base = `http://127.0.0.1:${address.port}`;
    const created = await fetch(`${base}/api/prompts`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ title: 'Cross-site', prompt: 'Count me once', category: 'Testing', model: 'GPT-4o' }),
    });
    expect(created.status).toBe(201);
    promptId = ((await created.json()) as { _id: string })._id;
  });
  afterAll(async () => {
    await t.close();
  });

  const counters = async () => {
    const prompt = (await (await fetch(`${base}/api/prompts/${promptId}`)).json()) as { likes: number; copyCount: number };
    return { likes: prompt.likes, copies: prompt.copyCount };
  };

  it('answers 415 in the one error shape to a copy, like, prompt or comment sent as a form, text or nothing, and counts nothing', async () => {
    const before = await counters();
    const attempts: { path: string; headers: Record<string, string>; body?: string }[] = [
      // A no-cors fetch or a bodiless form post: no Content-Type at all.
      { path: `/api/prompts/${promptId}/copy`, headers: {} },
      { path: `/api/prompts/${promptId}/copy`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
      { path: `/api/prompts/${promptId}/copy`, headers: { 'content-type': 'text/plain' }, body: '{}' },
      { path: `/api/prompts/${promptId}/copy`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
      { path: `/api/prompts/${promptId}/like`, headers: { 'content-type': 'text/plain', 'user-id': userId(1) }, body: '{"liked":true}' },
      { path: `/api/comments/${promptId}`, headers: { 'content-type': 'text/plain' }, body: '{"text":"Hi"}' },
      { path: '/api/prompts', headers: {}, body: undefined },
    ];
    for (const attempt of attempts) {
      const response = await fetch(`${base}${attempt.path}`, { method: 'POST', headers: attempt.headers, body: attempt.body });
      const label = `${attempt.path} ${JSON.stringify(attempt.headers)}`;
      expect(response.status, label).toBe(415);
      expect(await response.json(), label).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request as application/json' });
    }
    expect(await counters()).toEqual(before);
    const comments = (await (await fetch(`${base}/api/comments/${promptId}`)).json()) as unknown[];
    expect(comments).toHaveLength(0);
  });

  it("accepts the spec's copy call (JSON content type, no body), with or without a charset, and counts it", async () => {
    const before = await counters();
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const response = await fetch(`${base}/api/prompts/${promptId}/copy`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'user-id': 'anonymous' },
      });
      expect(response.status, contentType).toBe(200);
    }
    expect((await counters()).copies).toBe(before.copies + 3);
  });

  it('keeps 404 for an unknown path and 405 for a wrong method, whatever the content type', async () => {
    expect((await fetch(`${base}/api/nothing-here`, { method: 'POST' })).status).toBe(404);
    const wrongMethod = await fetch(`${base}/api/facets`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
  });
});
