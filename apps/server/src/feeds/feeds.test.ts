import { FEED_ENTRY_COUNT } from '@prompt-vault/shared/site';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../db/ids';
import { insertPrompt } from '../prompts/insert-repository';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { STATIC_PAGES, createFeedsService } from './service';
import { localLibraryWrites } from '../cache/library-writes';
import { createAppCaches } from '../cache/app-caches';
import { createPromptsService } from '../prompts/service';

const ORIGIN = 'https://prompts.example.org/vault';
const TRICKY_TITLE = `Tags <b>&amp; "quotes" 'apostrophes' & $& ]]>`;
const TRICKY_TEXT = `Write <script>alert("x")</script> & more\u0001 with a control character`;

const parser = new XMLParser({
  ignoreAttributes: false,
  htmlEntities: true,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'url', 'link'].includes(name),
});

function wellFormed(xml: string): void {
  expect(XMLValidator.validate(xml)).toBe(true);
}

describe.each(TEST_DIALECTS)('feed and sitemap on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: `${ORIGIN}/` });
  });
  afterEach(async () => {
    await t.close();
  });

  async function add(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      await insertPrompt(t.database.db, {
        id: `prompt${String(index).padStart(3, '0')}`,
        title: `Prompt ${index}`,
        prompt: `Text of prompt ${index}\n\nwith   spaces`,
        category: 'Writing',
        model: 'GPT-4o',
        created_at: nowIso(new Date(Date.UTC(2025, 0, 1, 0, index))),
      });
    }
    await insertPrompt(t.database.db, {
      id: 'tricky',
      title: TRICKY_TITLE,
      prompt: TRICKY_TEXT,
      category: 'A&B <c>',
      model: 'GPT-4o',
      created_at: '2025-06-01T00:00:00.000Z',
      tag_list: 'email über-café',
    });
    await insertPrompt(t.database.db, {
      id: 'hidden',
      title: 'Hidden',
      prompt: 'Moderated away',
      category: 'Spam',
      model: 'Spam',
      status: 'hidden',
      created_at: '2025-07-01T00:00:00.000Z',
    });
  }

  it('serves an Atom feed of the 50 newest visible prompts, well-formed, escaped, with absolute links', async () => {
    await add(FEED_ENTRY_COUNT + 5);
    const response = await t.app.inject({ url: '/feed.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    wellFormed(response.body);
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('\u0001');

    const { feed } = parser.parse(response.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.link.map((link: Record<string, string>) => link['@href'])).toEqual([`${ORIGIN}/feed.xml`, `${ORIGIN}/`]);
    expect(feed.updated).toBe('2025-06-01T00:00:00.000Z');
    expect(feed.entry).toHaveLength(FEED_ENTRY_COUNT);

    const [first, second] = feed.entry;
    expect(first.title).toBe(TRICKY_TITLE);
    expect(first.id).toBe(`${ORIGIN}/prompts/tricky`);
    expect(first.link[0]['@href']).toBe(`${ORIGIN}/prompts/tricky`);
    expect(first.category.map((category: Record<string, string>) => [category['@term'], category['@scheme']])).toEqual([
      ['A&B <c>', undefined],
      ['email', `${ORIGIN}/?tags=`],
      ['über-café', `${ORIGIN}/?tags=`],
    ]);
    expect(first.content['#text']).toBe(TRICKY_TEXT.replace('\u0001', '\uFFFD'));
    // Newest first; the hidden prompt, though newer, is not there.
    expect(second.title).toBe(`Prompt ${FEED_ENTRY_COUNT + 4}`);
    expect(second.summary).toBe(`Text of prompt ${FEED_ENTRY_COUNT + 4} with spaces`);
    expect(feed.entry.map((entry: { title: string }) => entry.title)).not.toContain('Hidden');
  });

  it('serves a valid feed for an empty library', async () => {
    const response = await t.app.inject({ url: '/feed.xml' });
    wellFormed(response.body);
    const { feed } = parser.parse(response.body);
    expect(feed.entry).toBeUndefined();
    expect(feed.updated).toBe('1970-01-01T00:00:00.000Z');
  });

  it('serves a sitemap of the pages and every visible prompt, with absolute links', async () => {
    await add(3);
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    wellFormed(response.body);
    const { urlset } = parser.parse(response.body);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = urlset.url.map((url: { loc: string }) => url.loc);
    expect(locations).toEqual([
      ...STATIC_PAGES.map((path) => `${ORIGIN}${path}`),
      `${ORIGIN}/prompts/tricky`,
      `${ORIGIN}/prompts/prompt002`,
      `${ORIGIN}/prompts/prompt001`,
      `${ORIGIN}/prompts/prompt000`,
    ]);
    expect(urlset.url.at(-1).lastmod).toBe('2025-01-01T00:00:00.000Z');
  });

  it('serves robots.txt that allows crawling and names the sitemap at the public origin', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.trim().split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('past the limit of URLs per file, serves a sitemap index whose parts list every prompt once', async () => {
    await add(12); // 13 prompts with the tricky one
    // Five URLs per file: part 1 holds the 4 static pages and 1 prompt, the others 1 prompt each.
    const caches = createAppCaches();
    const library = createPromptsService(t.database, caches, localLibraryWrites(caches));
    const feeds = createFeedsService(library, ORIGIN, STATIC_PAGES.length + 3);
    const index = await feeds.sitemap();
    wellFormed(index);
    const { sitemapindex } = parser.parse(index);
    const parts = (Array.isArray(sitemapindex.sitemap) ? sitemapindex.sitemap : [sitemapindex.sitemap]).map(
      (entry: { loc: string }) => entry.loc,
    );
    expect(parts).toEqual([1, 2, 3, 4, 5].map((part) => `${ORIGIN}/sitemaps/${part}.xml`));
    const listed: string[] = [];
    for (const part of [1, 2, 3, 4, 5]) {
      const xml = await feeds.sitemapPart(part);
      wellFormed(String(xml));
      const urls = parser.parse(String(xml)).urlset.url.map((url: { loc: string }) => url.loc);
      expect(urls.length).toBeLessThanOrEqual(STATIC_PAGES.length + 3);
      listed.push(...urls);
    }
    expect(listed.slice(0, STATIC_PAGES.length)).toEqual(STATIC_PAGES.map((path) => `${ORIGIN}${path}`));
    const prompts = listed.slice(STATIC_PAGES.length);
    expect(prompts).toHaveLength(13);
    expect(new Set(prompts).size).toBe(13);
    expect(await feeds.sitemapPart(6)).toBeUndefined();
  });

  it('serves part 1 of the sitemap index over HTTP and 404s for parts that do not exist', async () => {
    await add(2);
    const part = await t.app.inject({ url: '/sitemaps/1.xml' });
    expect(part.statusCode).toBe(200);
    wellFormed(part.body);
    for (const url of ['/sitemaps/2.xml', '/sitemaps/0.xml', '/sitemaps/abc.xml', '/sitemaps/1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});
