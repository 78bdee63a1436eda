import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { guardAgainstInjection } from '../support/injection-guard';
import { OwnServer } from '../support/own-server';

/**
 * The corpus of script-injection payloads, posted through the API as titles,
 * prompt texts, categories and notes, must show up as the literal text it is
 * on every screen where it appears, with no dialog, no CSP violation and no
 * live injected markup. The spec runs its own server (port 4240, from this
 * suite's range) so 64 hostile categories and keywords never reach the specs
 * sharing the main e2e server.
 */
test.describe.configure({ mode: 'serial' });

const server = new OwnServer(4240);
const MODEL = 'XSS corpus';
/** How many planted prompts get copies, to fill the Insights leaderboard. */
const LEADERBOARD = 10;

interface Planted {
  readonly _id: string;
  readonly title: string;
  readonly prompt: string;
  readonly category: string;
}

/** The API trims fields, and titles and categories have limits: cut to the limit, in code points, then trim. */
const fit = (text: string, limit: number) => Array.from(text).slice(0, limit).join('').trim();

/** The prompt that carries every payload as a note: the newest, so it is the first card in the library. */
function commentsHost(): Planted {
  const host = planted.at(-1);
  if (!host) throw new Error('nothing planted');
  return host;
}

let api: APIRequestContext;
const planted: Planted[] = [];
const comments: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  await server.start();
  api = await request.newContext({ baseURL: server.baseURL });
  for (const payload of XSS_PAYLOADS) {
    const response = await api.post('/api/prompts', {
      data: { title: fit(payload, 50), prompt: payload, category: fit(payload, 25), model: MODEL },
    });
    expect(response.status(), payload).toBe(201);
    planted.push((await response.json()) as Planted);
  }
  const host = commentsHost();
  for (const payload of XSS_PAYLOADS) {
    const response = await api.post(`/api/comments/${host._id}`, { data: { text: payload, author: fit(payload, 40) } });
    expect(response.status(), payload).toBe(201);
    comments.push(payload);
  }
  for (const [index, prompt] of planted.slice(0, LEADERBOARD).entries()) {
    for (let copy = 0; copy <= LEADERBOARD - index; copy += 1) {
      await api.post(`/api/prompts/${prompt._id}/copy`, { headers: { 'content-type': 'application/json', 'user-id': 'anonymous' } });
    }
  }
});

test.afterAll(async () => {
  await api?.dispose();
  await server.stop();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
});

test('the library shows every planted title, text and category as text', async ({ page }) => {
  const check = await guardAgainstInjection(page);
  await page.goto(`${server.baseURL}/?model=${encodeURIComponent(MODEL)}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  // Cards mount in blocks as they scroll into view: scroll through, collecting what was shown.
  const shown = new Set<string>();
  for (let step = 0; step < 60; step += 1) {
    for (const text of await page.getByRole('article').allTextContents()) shown.add(text);
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (atEnd && step > 2) {
      for (const text of await page.getByRole('article').allTextContents()) shown.add(text);
      const loadMore = page.getByRole('button', { name: /load more|show more/i });
      if ((await loadMore.count()) === 0) break;
      await loadMore.click();
    }
  }
  const cards = [...shown];
  const missing = planted.filter(
    (prompt) => !cards.some((text) => text.includes(prompt.title) && text.includes(prompt.prompt) && text.includes(prompt.category)),
  );
  expect(missing.map((prompt) => prompt.title)).toEqual([]);
  await check();

  // The category filter lists them as plain option text (an active filter may already have opened the panel).
  const more = page.getByRole('button', { name: 'More Filters' });
  if (await more.isVisible()) await more.click();
  const options = await page.getByRole('combobox', { name: 'Category' }).locator('option').allTextContents();
  for (const prompt of planted) expect(options, prompt.category).toContain(prompt.category);
  await check();
});

test('the comments modal shows every planted note and author as text', async ({ page }) => {
  const host = commentsHost();
  const check = await guardAgainstInjection(page);
  await page.goto(`${server.baseURL}/?model=${encodeURIComponent(MODEL)}`);
  await page.getByRole('button', { name: `${comments.length} Notes on ${host.title}` }).click();
  const dialog = page.getByRole('dialog');
  const items = dialog.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  await expect(items).toHaveCount(comments.length);
  const texts = await items.allTextContents();
  for (const comment of comments) {
    expect(
      texts.some((text) => text.includes(comment) && text.includes(fit(comment, 40))),
      comment,
    ).toBe(true);
  }
  await check();
});

test('every permalink shows its title, text, tags and notes as text', async ({ page }) => {
  test.setTimeout(180_000);
  const check = await guardAgainstInjection(page);
  for (const prompt of planted) {
    await page.goto(`${server.baseURL}/prompts/${prompt._id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect(await heading.textContent()).toBe(prompt.title);
    expect(await page.locator('.permalink-text').textContent()).toBe(prompt.prompt);
    // The prompt's own badges, not those of its related prompts' cards.
    const badges = page.locator('.permalink-card').getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect(badges.first()).toBeVisible();
    expect(await badges.allTextContents()).toEqual([`Category: ${prompt.category}`, `Model: ${MODEL}`]);
    expect(await page.title()).toContain(prompt.title);
    if (prompt === commentsHost()) {
      const items = page.getByRole('region', { name: /Notes/ }).getByRole('list', { name: 'Notes' }).getByRole('listitem');
      await expect(items).toHaveCount(comments.length);
      const texts = await items.allTextContents();
      for (const comment of comments)
        expect(
          texts.some((text) => text.includes(comment)),
          comment,
        ).toBe(true);
    }
    await check();
  }
});

test('the Insights leaderboard shows planted titles, categories and prompt content as text', async ({ page }) => {
  const check = await guardAgainstInjection(page);
  await page.goto(`${server.baseURL}/analytics`);
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(LEADERBOARD);
  for (const [index, prompt] of planted.slice(0, LEADERBOARD).entries()) {
    const row = rows.nth(index);
    const text = (await row.textContent()) ?? '';
    expect(text, prompt.title).toContain(prompt.title);
    expect(text, prompt.category).toContain(prompt.category);
    await row.getByRole('button').first().click();
    const details = page.getByTestId('leaderboard-details');
    await expect(details).toContainText('Prompt Content:');
    expect((await details.textContent()) ?? '', prompt.prompt).toContain(prompt.prompt);
  }
  await check();
});

test('the Share Prompt suggestions show planted categories as text', async ({ page }) => {
  const check = await guardAgainstInjection(page);
  await page.goto(`${server.baseURL}/submit`);
  const category = page.getByRole('combobox', { name: 'Category' });
  await category.click();
  await category.fill('<');
  const list = page.getByRole('listbox', { name: 'Category suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const options = await list.getByRole('option').allTextContents();
  for (const prompt of planted.filter((item) => item.category.includes('<'))) {
    expect(options, prompt.category).toContain(prompt.category);
  }
  await check();
});
