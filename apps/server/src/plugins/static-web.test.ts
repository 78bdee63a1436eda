import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    // As the build writes them (apps/web/vite-plugins/precompress.ts).
    const big = `export const words = ${JSON.stringify('prompt '.repeat(2000))};`;
    writeFileSync(join(webRoot, 'assets', 'big-def456.js'), big);
    // Each copy is marked, so a test can tell it from on-the-fly compression.
    writeFileSync(join(webRoot, 'assets', 'big-def456.js.br'), brotliCompressSync(`${big}\n// br copy`));
    writeFileSync(join(webRoot, 'assets', 'big-def456.js.gz'), gzipSync(`${big}\n// gz copy`));
    t = await createTestApp('sqlite', { DONATION_URL: 'https://example.org/give?a=1&b=<2>' }, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves index.html with the escaped site meta tags on / and on client routes', async () => {
    // (A permalink of an unknown prompt is a 404 page: link-preview.test.ts.)
    for (const url of ['/', '/submit', '/prompt-academy/beginner/understanding', '/analytics?x=1']) {
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

  // A known API path with another method is a 405: error-shape.test.ts.
  it('answers unknown API paths and non-GET methods with JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['POST', '/submit'],
      ['DELETE', '/api/nothing'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('sends the precompressed copy of an asset that the client accepts, and the asset itself to others', async () => {
    const brotli = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('// br copy');
    const gzip = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('// gz copy');
    const identity = await t.app.inject({ url: '/assets/big-def456.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('export const words');
  });

  it('answers a missing file with a small 404 that is not HTML, so a stale chunk fails at once', async () => {
    for (const url of ['/assets/gone-000000.js', '/assets/main-abc123.js.map', '/favicon.ico', '/.env', '/wp-login.php']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('answers a path that is no page of the app with the app (its not-found page) and status 404', async () => {
    for (const url of ['/nope', '/library/old-link', '/submit/extra']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body).toContain('<body>app</body>');
    }
    // The Academy's unknown sub-paths are pages: the spec shows a section overview.
    expect((await t.app.inject({ url: '/prompt-academy/advanced/unknown' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/prompt-academy' })).statusCode).toBe(200);
  });

  it('gives each page its own canonical URL', async () => {
    const response = await t.app.inject({ url: '/prompt-academy/beginner/understanding?utm=x' });
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:3000/prompt-academy/beginner/understanding">');
    expect((await t.app.inject({ url: '/' })).body).toContain('<link rel="canonical" href="http://localhost:3000/">');
  });

  it('lets a browser revalidate index.html: ETag, and 304 while it is unchanged', async () => {
    const first = await t.app.inject({ url: '/submit' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeDefined();
    const again = await t.app.inject({ url: '/submit', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
