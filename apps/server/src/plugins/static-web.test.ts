import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'prompt-vault-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<html><head><!--app-meta--></head><body>app</body></html>');
    writeFileSync(join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { DONATION_URL: 'https://example.org/give?a=1&b=<2>' }, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves index.html with the escaped site meta tags on / and on client routes', async () => {
    for (const url of ['/', '/submit', '/prompt-academy/beginner/understanding', '/prompts/abc?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<meta name="pv:donation-url" content="https://example.org/give?a=1&amp;b=&lt;2&gt;">');
      expect(response.body).not.toContain('<!--app-meta-->');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and non-GET methods with JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['POST', '/submit'],
      ['DELETE', '/api/prompts'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});
