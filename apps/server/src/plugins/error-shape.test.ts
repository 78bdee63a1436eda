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

  it('answers malformed percent-encoding in the one shape', async () => {
    for (const url of ['/api/prompts/%E0%A4%A', '/api/comments/%E0%A4%A']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expectErrorShape(response.json(), 'BAD_REQUEST');
    }
  });
});
