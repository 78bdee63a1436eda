import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';

/** The one error shape, and nothing framework-specific beside it. */
function expectErrorShape(body: unknown, code: string): void {
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  expect(Object.keys(body as object).every((key) => ['error', 'message', 'fields', 'link'].includes(key))).toBe(true);
}

describe('framework answers in the one error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a known API path with a wrong method with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/prompts', 'GET, HEAD, POST'],
      ['PUT', '/api/prompts/abc/like', 'POST'],
      ['POST', '/api/facets', 'GET, HEAD'],
      ['PATCH', '/api/comments/abc', 'GET, HEAD, POST'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expectErrorShape(response.json(), 'METHOD_NOT_ALLOWED');
    }
    // An unknown path stays a 404.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('refuses a query value given as an array or an object where one value is expected', async () => {
    for (const url of ['/api/prompts?limit[]=5', '/api/prompts?limit[a]=5', '/api/prompts?q=a&q=b', '/api/prompts?sort[]=newest']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expectErrorShape(response.json(), 'VALIDATION_FAILED');
    }
  });

  it('takes a parameter named after a property every object inherits as any other', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'A prompt to list', prompt: 'Some text to list.', category: 'Testing', model: 'o3' },
    });
    expect(created.statusCode).toBe(201);
    // Each with a limit of its own, asked before the same limit alone, so a remembered `?limit=N` cannot answer
    // for it: with a plain `{}`, `__proto__` was not in the JSON that the remembered validations are keyed by.
    let limit = 1;
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const query of [`${name}=1`, `${name}=1&${name}=2`, `${name}[a]=1`]) {
        limit += 1;
        const response = await t.app.inject({ url: `/api/prompts?limit=${limit}&${query}` });
        expect(response.statusCode, query).toBe(200);
        // An unknown parameter is ignored: the same answer as without it.
        expect(response.body, query).toBe((await t.app.inject({ url: `/api/prompts?limit=${limit}` })).body);
      }
      // A known parameter given twice is still refused beside it.
      const refused = await t.app.inject({ url: `/api/prompts?${name}=1&sort=newest&sort=likes_desc` });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json<{ fields: Record<string, string> }>().fields, name).toHaveProperty('sort');
    }
  });

  it('answers malformed percent-encoding in the one shape', async () => {
    for (const url of ['/api/prompts/%E0%A4%A', '/api/comments/%E0%A4%A']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expectErrorShape(response.json(), 'BAD_REQUEST');
    }
  });
});
