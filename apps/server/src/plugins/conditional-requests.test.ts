import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';

async function share(t: TestApp, title: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/prompts',
    payload: { title, prompt: `${title} text`, category: 'Writing', model: 'GPT-4o' },
  });
  expect(response.statusCode).toBe(201);
}

describe.each(TEST_DIALECTS)('conditional requests on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await share(t, 'First prompt');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers a cached list page with 304 while it is unchanged, and with the new page after a write', async () => {
    const url = '/api/prompts?limit=48';
    const first = await t.app.inject({ url });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Compressed or not, it is the same answer.
    const compressed = await t.app.inject({ url, headers: { 'if-none-match': String(etag), 'accept-encoding': 'br' } });
    expect(compressed.statusCode).toBe(304);

    await share(t, 'Second prompt');
    const changed = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toHaveLength(2);
  });

  it('gives the feed, the sitemap, facets and a prompt an ETag and 304 for a match', async () => {
    const created = await t.app.inject({ url: '/api/prompts?limit=1' });
    const [prompt] = created.json<Array<{ _id: string }>>();
    for (const url of ['/feed.xml', '/sitemap.xml', '/api/facets', `/api/prompts/${prompt?._id}`]) {
      const first = await t.app.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toBeDefined();
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });
});
