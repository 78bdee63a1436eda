import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type TestApp, createTestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { META_PLACEHOLDER } from './static-web';

function directives(header: string | number | string[] | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  let t: TestApp | undefined;
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'prompt-vault-web-'));
    writeFileSync(join(webRoot, 'index.html'), `<!doctype html><html><head>${META_PLACEHOLDER}</head><body></body></html>`);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sends a strict CSP, nosniff, no-referrer and no framing on pages, API answers and errors', async () => {
    t = await createTestApp('sqlite', {}, { webRoot });
    for (const url of ['/', '/submit', '/prompts/abc', '/api/prompts', '/api/nope', '/api/prompts/unknown']) {
      const response = await t.app.inject({ url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('sends HSTS only for requests that came over TLS through a trusted proxy', async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: '1' });
    const overTls = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await t.close();
    // Without TRUST_PROXY anyone could claim https.
    t = await createTestApp('sqlite');
    const claimed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps CORS closed by default and opens it only to CORS_ORIGINS', async () => {
    t = await createTestApp('sqlite');
    const closed = await t.app.inject({ url: '/api/prompts', headers: { origin: 'https://other.example' } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const preflightClosed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/prompts',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
    });
    expect(preflightClosed.headers['access-control-allow-origin']).toBeUndefined();
    await t.close();

    t = await createTestApp('sqlite', { CORS_ORIGINS: 'https://friend.example, http://localhost:5173' });
    const friend = await t.app.inject({ url: '/api/prompts', headers: { origin: 'https://friend.example' } });
    expect(friend.headers['access-control-allow-origin']).toBe('https://friend.example');
    expect(String(friend.headers['access-control-expose-headers'])).toContain('x-total-count');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/prompts/abc/like',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,user-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('user-id');
    const stranger = await t.app.inject({ url: '/api/prompts', headers: { origin: 'https://stranger.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the API reference page under /api/docs use inline styles, and nothing more', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(loadConfig({ RATE_LIMIT: '0' }), { database, logLevel: 'silent' });
    try {
      const docs = directives((await app.inject({ url: '/api/docs/static/index.html' })).headers['content-security-policy']);
      expect(docs.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(docs.get('script-src')).toBe("'self'");
      expect(docs.get('frame-ancestors')).toBe("'none'");
      const api = directives((await app.inject({ url: '/api/prompts' })).headers['content-security-policy']);
      expect(api.get('style-src')).toBe("'self'");
    } finally {
      await app.close();
      await database.close();
    }
  });
});
