import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, createPrompt, createPromptsInCategory, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/**
 * Opens `path` and returns how many prompts the library held for this page:
 * the total of the /api/facets answer it loaded. (Other specs add prompts to
 * the shared server meanwhile, so the figure comes from this page's own answer.)
 */
async function openLibrary(page: Page, path: string): Promise<number> {
  const facets = page.waitForResponse((response) => response.url().endsWith('/api/facets'));
  await page.goto(path);
  return ((await (await facets).json()) as { total: number }).total;
}

const footer = (page: Page) => page.getByText(/^Displaying \d+ of \d+ prompts$/);

// The spec's 'Displaying X of Y prompts': X = prompts matching the search and filters, Y = prompts in the library.
test('a search with no match reads 0 of the whole library', async ({ page }) => {
  const library = await openLibrary(page, `/?q=${unique('nothing-matches-')}`);
  expect(library).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'No prompts found' })).toBeVisible();
  await expect(footer(page)).toHaveText(`Displaying 0 of ${library} prompts`);
});

test('a filter that keeps one prompt reads 1 of the whole library', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Footer ') });
  const library = await openLibrary(page, `/?category=${encodeURIComponent(prompt.category)}`);
  expect(library).toBeGreaterThan(1);
  await expect(footer(page)).toHaveText(`Displaying 1 of ${library} prompts`);
});

test('the footer states the whole result from the first page on, while scrolling loads the rest', async ({ page, request }) => {
  test.setTimeout(60_000);
  const category = unique('Foot ');
  await createPromptsInCategory(request, category, 50);
  const library = await openLibrary(page, `/?category=${encodeURIComponent(category)}`);
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  // Only the first page of 48 is loaded, and the footer already counts all 50 matches.
  await expect(footer(page)).toHaveText(`Displaying 50 of ${library} prompts`);
  const secondPage = page.waitForRequest((r) => r.url().includes('limit=48') && r.url().includes('cursor='));
  await footer(page).scrollIntoViewIfNeeded();
  await secondPage;
  await expect(page.locator('.prompt-grid-pages > .prompt-grid').last().locator('.prompt-card')).toHaveCount(2);
  await expect(footer(page)).toHaveText(`Displaying 50 of ${library} prompts`);
});

test('without any filter both figures are the library', async ({ page }) => {
  const list = page.waitForResponse((response) => response.url().includes('/api/prompts?') && response.url().includes('limit=48'));
  await page.goto('/');
  const total = Number((await list).headers()['x-total-count']);
  expect(total).toBeGreaterThan(48);
  await expect(footer(page)).toHaveText(`Displaying ${total} of ${total} prompts`);
});

test('a search found in many prompts shows its page first and its count when counted, never another one', async ({ page, request }) => {
  // A common word is found through no match list: its page never waits for its count (decision 0013).
  // A new prompt changes the library, so no earlier count of this search is sent with the page.
  await createPrompt(request, { category: unique('Count ') });
  const counted = page.waitForResponse((response) => response.url().includes('/api/prompts/count?') && response.url().includes('q=the'));
  const firstPage = page.waitForResponse((response) => response.url().includes('/api/prompts?') && response.url().includes('q=the'));
  const library = await openLibrary(page, '/?q=the');
  expect((await firstPage).headers()['x-total-count']).toBeUndefined();
  const { total } = (await (await counted).json()) as { total: number };
  expect(total).toBeGreaterThan(48);
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  await expect(footer(page)).toHaveText(`Displaying ${total} of ${library} prompts`);
  // The same count from the list's own header, now that the search has been counted.
  const again = await request.get('/api/prompts?q=the&limit=48');
  expect(again.headers()['x-total-count']).toBe(String(total));
});

test('a search of two letters shows its count with its first page, from the counts kept with the writes', async ({ page, request }) => {
  await createPrompt(request, { category: unique('Count ') });
  let countAsked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/prompts/count?')) countAsked = true;
  });
  const firstPage = page.waitForResponse((response) => response.url().includes('/api/prompts?') && response.url().includes('q=re'));
  const library = await openLibrary(page, '/?q=re');
  const total = Number((await firstPage).headers()['x-total-count']);
  expect(total).toBeGreaterThan(48);
  await expect(footer(page)).toHaveText(`Displaying ${total} of ${library} prompts`);
  expect(countAsked).toBe(false);
});
