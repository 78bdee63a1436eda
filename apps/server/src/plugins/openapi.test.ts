import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkResponse, openApiPath } from '../testing/openapi-contract';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { DOCS_CSP, DOCS_PREFIX, OPENAPI_PATH } from './openapi';
import { META_PLACEHOLDER } from './static-web';

/** Routes that serve pages, not API operations, and are left out of the description on purpose. */
const PAGE_ROUTES = ['/', '/index.html', '/*', '/prompts/:id'];

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe.each(TEST_DIALECTS)('OpenAPI description on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  beforeEach(async () => {
    // A built web app, so the page routes are registered too.
    webRoot = mkdtempSync(join(tmpdir(), 'prompt-vault-web-'));
    writeFileSync(join(webRoot, 'index.html'), `<!doctype html><html><head>${META_PLACEHOLDER}</head><body></body></html>`);
    t = await createTestApp(dialect, {}, { webRoot });
  });
  afterEach(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  async function document(): Promise<Document> {
    const response = await t.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('is OpenAPI 3.1 and describes every route the server registers', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const described = new Set(
      Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const registered = t.routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method: String(method), url: route.url })),
    );
    expect(registered.length).toBeGreaterThan(10);
    const undescribed = registered.filter(
      ({ method, url }) =>
        method !== 'HEAD' && !PAGE_ROUTES.includes(url) && !url.startsWith(DOCS_PREFIX) && !described.has(`${method} ${openApiPath(url)}`),
    );
    expect(undescribed).toEqual([]);
    for (const path of ['/api/prompts', '/api/prompts/{id}', '/api/prompts/{id}/like', '/api/comments/{promptId}', '/api/analytics']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    // Every operation says what its errors look like.
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) expect(Object.keys(operation.responses)).toContain('default');
    }
  });

  it('validates every response of a sweep over the API, errors included', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title: 'Contract', prompt: 'Check {{this}}', category: 'Testing', model: 'GPT-4o' },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json()._id;
    const user = { 'user-id': userId(1) };
    const requests = [
      { url: '/api/prompts' },
      { url: '/api/prompts?limit=1&sort=likes_desc', headers: user },
      { url: '/api/prompts?limit=0' },
      { url: '/api/prompts?cursor=nonsense&limit=5' },
      { url: `/api/prompts/${id}`, headers: user },
      { url: '/api/prompts/no-such-prompt' },
      { method: 'POST' as const, url: '/api/prompts', payload: { title: '' } },
      { method: 'POST' as const, url: `/api/prompts/${id}/like`, headers: user, payload: { liked: true } },
      { method: 'POST' as const, url: `/api/prompts/${id}/like`, payload: { liked: true } },
      { method: 'POST' as const, url: `/api/prompts/${id}/copy`, headers: JSON_HEADERS },
      { method: 'POST' as const, url: '/api/prompts/unknown/copy', headers: JSON_HEADERS },
      { method: 'POST' as const, url: `/api/prompts/${id}/copy` },
      { method: 'POST' as const, url: `/api/comments/${id}`, payload: { text: 'Nice', author: 'Ann' } },
      { method: 'POST' as const, url: `/api/comments/${id}`, payload: { text: '' } },
      { url: `/api/comments/${id}` },
      { url: '/api/facets' },
      { url: '/api/analytics' },
      { url: '/api/health' },
      { url: OPENAPI_PATH },
    ];
    const statuses = [];
    for (const request of requests) statuses.push((await t.app.inject(request)).statusCode);
    expect(statuses).toEqual([200, 200, 400, 400, 200, 404, 400, 200, 400, 200, 404, 415, 201, 400, 200, 200, 200, 200, 200]);
    // close() in afterEach fails on any violation; say it here too for a clear message.
    expect(t.violations).toEqual([]);
  });

  it('catches a response that breaks the description', async () => {
    const doc = await document();
    const route = { method: 'GET', url: '/api/prompts/:id' };
    const good = (await t.app.inject({ url: '/api/health' })).body;
    expect(checkResponse(doc as never, { method: 'GET', url: '/api/health' }, 200, 'application/json', good)).toBeUndefined();
    expect(checkResponse(doc as never, route, 200, 'application/json', '{"_id":"x"}')).toMatch(/must have required property/);
    expect(checkResponse(doc as never, route, 404, 'application/json', '{"error":"NOT_FOUND"}')).toMatch(/message/);
    expect(checkResponse(doc as never, route, 200, 'text/plain', 'hi')).toMatch(/content type text\/plain/);
    expect(checkResponse(doc as never, route, 204, '', '')).toBeUndefined();
    expect(checkResponse(doc as never, { method: 'DELETE', url: '/api/prompts/:id' }, 200, 'application/json', '{}')).toMatch(
      /not described/,
    );
  });

  it.each([DOCS_PREFIX, `${DOCS_PREFIX}/`])('serves a browsable reference at %s under its own CSP, with no inline script', async (url) => {
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain("script-src 'self'");
    expect(DOCS_CSP).not.toMatch(/script-src[^;]*unsafe/);
    // Every script is a file of its own (none inline), each served from the docs folder.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      expect(src).toMatch(/^(\.|\/api\/docs)\/static\/[\w.-]+\.js$/);
      const script = await t.app.inject({ url: new URL(src, `http://localhost${url}`).pathname });
      expect(script.statusCode, src).toBe(200);
    }
    const initializer = await t.app.inject({ url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(initializer.body).toContain(OPENAPI_PATH);
  });
});
