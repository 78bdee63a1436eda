import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';

async function sharePrompts(t: TestApp, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: {
        title: `Compressible ${index}`,
        prompt: `A prompt long enough to be worth compressing, number ${index}. `.repeat(8),
        category: 'Writing',
        model: 'GPT-4o',
      },
    });
    expect(response.statusCode).toBe(201);
  }
}

describe.each(TEST_DIALECTS)('compression on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await sharePrompts(t, 12);
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends a cached list page as brotli, gzip or identity as the client asks, the same JSON each way', async () => {
    const url = '/api/prompts?limit=48';
    const identity = await t.app.inject({ url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const json = identity.json<unknown[]>();
    expect(json).toHaveLength(12);

    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(json);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);

    // A client that accepts none of our encodings (only identity, or only zstd) gets plain JSON.
    for (const accepted of ['identity', 'zstd', 'br;q=0, gzip;q=0']) {
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': accepted } });
      expect(plain.headers['content-encoding'], accepted).toBeUndefined();
      expect(plain.json(), accepted).toEqual(json);
    }
  });

  it('compresses analytics (cached) and the OpenAPI document (not cached)', async () => {
    for (const url of ['/api/analytics', '/api/openapi.json']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(() => JSON.parse(brotliDecompressSync(response.rawPayload).toString()), url).not.toThrow();
    }
  });

  it('leaves small answers uncompressed', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
