import { expect, test } from '@playwright/test';

// A title (within the 50-character limit) and a text full of characters HTML must escape.
const TRICKY = {
  title: `<b>"Quoted" & 'single' </b><i>$& tags</i>`,
  prompt: 'Summarise <script>alert("x")</script> for [audience] in {{ length }} words & more.',
  category: 'Testing',
  model: 'GPT-4o',
};

test('a permalink carries its prompt title, description, Open Graph and Twitter tags in the served HTML', async ({ request, baseURL }) => {
  const created = await request.post('/api/prompts', { data: TRICKY });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  const response = await request.get(`/prompts/${id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // Escaped in the markup: no tag of the title or text reaches the page as a tag.
  expect(html).not.toContain('<b>"Quoted"');
  expect(html).not.toContain('<script>alert');
  expect(html).toContain('&lt;b&gt;&quot;Quoted&quot; &amp; &#39;single&#39; &lt;/b&gt;');
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toMatch(new RegExp(`<meta property="og:url" content="${baseURL}/prompts/${id}">`));
});

test('a browser reads the link preview tags back as the exact title and text', async ({ page, request, baseURL }) => {
  const created = await request.post('/api/prompts', { data: { ...TRICKY, title: `${TRICKY.title} 2` } });
  const { _id: id } = (await created.json()) as { _id: string };
  // Read the served document without running the app, as a link unfurler does.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/prompts/${id}`);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
  const title = `${TRICKY.title} 2 · Prompt Vault`;
  const description = 'Summarise <script>alert("x")</script> for [audience] in {{ length }} words & more.';
  await expect(page).toHaveTitle(title);
  expect(await meta('name="description"')).toBe(description);
  expect(await meta('property="og:title"')).toBe(title);
  expect(await meta('property="og:description"')).toBe(description);
  expect(await meta('property="og:type"')).toBe('article');
  expect(await meta('property="og:url"')).toBe(`${baseURL}/prompts/${id}`);
  expect(await meta('name="twitter:card"')).toBe('summary');
  expect(await meta('name="twitter:title"')).toBe(title);
  expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL}/prompts/${id}`);
  expect(await page.locator('head meta[name="description"]').count()).toBe(1);
});

test('the library links its Atom feed, which lists the newest prompts with absolute links', async ({ page, request, baseURL }) => {
  await page.goto('/');
  const feedLink = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  const href = await feedLink.getAttribute('href');
  expect(href).toBe('/feed.xml');
  const feed = await request.get(href ?? '');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  const xml = await feed.text();
  expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${baseURL}/feed.xml"/>`);
  expect(xml.match(/<entry>/g)?.length ?? 0).toBeGreaterThan(0);
  expect(xml).toMatch(new RegExp(`<id>${baseURL}/prompts/[A-Za-z0-9_-]+</id>`));
});
