import { type Page, expect, test } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '@prompt-vault/shared/limits';
import { acceptCookies, card, createPrompt, createPromptsInCategory, unique } from '../support/library';
import { holdRequests } from '../support/held-requests';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('the header has the title, the subtitle and the contact line with a mailto link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your AI Prompt Vault' })).toBeVisible();
  await expect(page.getByText('Discover, copy and share prompts that get great results from AI models.')).toBeVisible();
  await expect(page.getByText('Have feedback or a prompt request? Send the owner a message at')).toBeVisible();
  await expect(page.getByRole('link', { name: 'vault-owner@example.org' })).toHaveAttribute('href', 'mailto:vault-owner@example.org');
});

test('Popular Keywords come from /api/facets, and a click sets the search text', async ({ page }) => {
  const facets = page.waitForResponse('**/api/facets');
  await page.goto('/');
  const { keywords } = (await (await facets).json()) as { keywords: string[] };
  expect(keywords.length).toBeGreaterThan(0);
  const row = page.getByRole('region', { name: 'Popular Keywords' });
  await expect(row.getByRole('button')).toHaveText(keywords);
  for (const keyword of keywords) {
    expect(keyword.length).toBeGreaterThan(3);
    expect(['with', 'that', 'this', 'from', 'have', 'will', 'what', 'about', 'your', 'which']).not.toContain(keyword);
  }

  const keyword = keywords[0] ?? '';
  await row.getByRole('button', { name: keyword }).click();
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue(keyword);
  // Starting a search picks the best-match order (best-match.spec.ts).
  await expect(page).toHaveURL(new RegExp(`\\?q=${keyword}&sort=relevance$`));
  await expect(row.getByRole('button', { name: keyword })).toHaveAttribute('aria-pressed', 'true');
});

test('the keyword row is not shown while loading, nor when there are no keywords', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/facets', async (route) => {
    await held;
    await route.fulfill({ json: { total: 0, categories: [], models: [], keywords: [] } });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Refine Results' })).toBeVisible();
  await expect(page.getByText('Popular Keywords')).toHaveCount(0);
  release();
  await page.waitForResponse('**/api/facets');
  await page.getByRole('button', { name: 'More Filters' }).click();
  // The facets have been applied (no categories), and still no keyword row.
  await expect(page.getByRole('combobox', { name: 'Category' }).locator('option')).toHaveText(['All Categories']);
  await expect(page.getByText('Popular Keywords')).toHaveCount(0);
});

for (const width of [320, 1440]) {
  test(`at ${width} px the keyword row arrives in the place held for it: nothing below it moves`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdRequests(page, '**/api/facets');
    await page.goto('/');
    const panel = page.locator('.filter-panel');
    const placeholder = page.locator('.popular-keywords.is-placeholder');
    await expect(panel).toBeVisible();
    await expect(placeholder).toBeVisible();
    const before = await panel.boundingBox();
    release();
    const row = page.getByRole('region', { name: 'Popular Keywords' });
    await expect(row.getByRole('button').first()).toBeVisible();
    await expect(placeholder).toHaveCount(0);
    expect(await panel.boundingBox()).toEqual(before);
    // One line, however many keywords: the last scrolls into view rather than wrapping below.
    const badges = await row.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(new Set(badges).size).toBe(1);
  });
}

test("'More Filters' / 'Less Filters' toggles the four selects, which have the spec's option texts", async ({ page, request }) => {
  const category = unique('Cat ');
  await createPrompt(request, { category, model: unique('Model ') });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'More Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Less Filters' })).toHaveAttribute('aria-expanded', 'true');

  const categorySelect = page.getByRole('combobox', { name: 'Category' });
  await expect(categorySelect.locator('option').first()).toHaveText('All Categories');
  await expect(categorySelect.locator('option', { hasText: category })).toHaveCount(1);
  const categories = (await categorySelect.locator('option').allTextContents()).slice(1);
  expect(categories).toEqual([...categories].sort((a, b) => a.localeCompare(b)));

  const modelSelect = page.getByRole('combobox', { name: 'Model' });
  await expect(modelSelect.locator('option').first()).toHaveText('All Models');
  const models = (await modelSelect.locator('option').allTextContents()).slice(1);
  expect(models).toEqual([...models].sort((a, b) => a.localeCompare(b)));

  await expect(page.getByRole('combobox', { name: 'Sort' }).locator('option')).toHaveText([
    'Sort by Likes',
    'Most Popular',
    'Least Popular',
  ]);
  await expect(page.getByRole('combobox', { name: 'Liked status' }).locator('option')).toHaveText(['All Prompts', 'Liked by Me']);

  await page.getByRole('button', { name: 'Less Filters' }).click();
  await expect(categorySelect).toBeHidden();
  await expect(page.getByRole('button', { name: 'More Filters' })).toBeVisible();
});

test('search runs on the server after the debounce, with a clear button; Clear shows only with an active filter', async ({
  page,
  request,
}) => {
  const token = unique('zq');
  const match = await createPrompt(request, { title: `Find ${token} here` });
  const inText = await createPrompt(request, { prompt: `Body mentions ${token.toUpperCase()} in capitals.` });

  await page.goto('/');
  const search = page.getByPlaceholder('Search by title or content');
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0);

  const searched = page.waitForRequest((r) => r.url().includes(`q=${token}`) && r.url().includes('limit=48'));
  await search.fill(token);
  await searched;
  await expect(card(page, match.title)).toBeVisible();
  await expect(card(page, inText.title)).toBeVisible();
  // X counts the matches; Y, the whole library, is pinned in library-footer.spec.ts.
  await expect(page.getByText(/^Displaying 2 of \d+ prompts$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0);
});

/**
 * Opens the library, holds Insights' code, types `text` in the search box
 * and leaves for Insights before the search's debounce ends (the page's
 * clock stands still meanwhile, however slow the machine), then lets the
 * debounce end with the library still on screen.
 */
async function typeThenLeaveForInsights(page: Page, text: string): Promise<() => void> {
  await page.clock.install();
  await page.goto('/');
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  const releaseInsights = await holdRequests(page, '**/assets/analytics-page-*.js');
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByPlaceholder('Search by title or content').fill(text);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue(text);
  return releaseInsights;
}

test('a search typed just before leaving for a page that is still loading does not bring the visitor back', async ({ page }) => {
  const releaseInsights = await typeThenLeaveForInsights(page, 'plan');
  await page.clock.resume();
  releaseInsights();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/analytics$/);
});

test('a visitor who comes back before that page has loaded gets the search they typed', async ({ page }) => {
  await typeThenLeaveForInsights(page, 'plan');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(page).toHaveURL(/\?q=plan/);
});

test("'/' focuses the search box, but not while typing in a field", async ({ page }) => {
  await page.goto('/');
  const search = page.getByPlaceholder('Search by title or content');
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 600, y: 20 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type('a/b');
  await expect(search).toHaveValue('a/b');
});

test('filters combine, show as removable chips, live in the URL, and Clear resets all of them', async ({ page, request }) => {
  const category = unique('Cat ');
  const modelA = unique('MA ');
  const modelB = unique('MB ');
  const a = await createPrompt(request, { category, model: modelA, title: `Alpha ${unique()}` });
  const b = await createPrompt(request, { category, model: modelB, title: `Beta ${unique()}` });

  await page.goto('/');
  await page.getByRole('button', { name: 'More Filters' }).click();
  await page.getByRole('combobox', { name: 'Category' }).selectOption(category);
  await expect(page).toHaveURL(`/?category=${encodeURIComponent(category).replace(/%20/g, '+')}`);
  await expect(card(page, a.title)).toBeVisible();
  await expect(card(page, b.title)).toBeVisible();
  // X counts the matches; Y, the whole library, is pinned in library-footer.spec.ts.
  await expect(page.getByText(/^Displaying 2 of \d+ prompts$/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Model' }).selectOption(modelB);
  await expect(card(page, a.title)).toHaveCount(0);
  await expect(card(page, b.title)).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Most Popular' });
  await expect(page).toHaveURL(/sort=likes_desc/);

  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText([`Category: ${category}`, `Model: ${modelB}`, 'Most Popular']);
  await chips.getByRole('button', { name: `Remove filter Model: ${modelB}` }).click();
  await expect(card(page, a.title)).toBeVisible();
  await expect(page).not.toHaveURL(/model=/);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(chips).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('');
});

test("'Liked by Me' keeps only the prompts this visitor liked", async ({ page, request }) => {
  const category = unique('Cat ');
  const liked = await createPrompt(request, { category, title: `Liked ${unique()}` });
  const other = await createPrompt(request, { category, title: `Other ${unique()}` });
  await page.goto(`/?category=${encodeURIComponent(category)}`);
  await card(page, liked.title)
    .getByRole('button', { name: /Likes, like/ })
    .click();
  await expect(card(page, liked.title).getByRole('button', { name: /Likes, like/ })).toHaveText('1 Likes');
  await page.getByRole('combobox', { name: 'Liked status' }).selectOption({ label: 'Liked by Me' });
  await expect(page).toHaveURL(/liked=true/);
  await expect(card(page, liked.title)).toBeVisible();
  await expect(card(page, other.title)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).toContainText(['Liked by Me']);
});

test('a shared filtered URL opens filtered, and Back restores the previous filters', async ({ page, request }) => {
  const category = unique('Cat ');
  const token = unique('bk');
  const first = await createPrompt(request, { category, title: `Back ${token} one` });
  const second = await createPrompt(request, { category, title: `Forth ${unique()}` });

  await page.goto(`/?q=${token}&category=${encodeURIComponent(category)}&sort=likes_asc`);
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue(token);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(category);
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('likes_asc');
  await expect(card(page, first.title)).toBeVisible();
  await expect(card(page, second.title)).toHaveCount(0);
  await expect(page.getByText(/^Displaying 1 of \d+ prompts$/)).toBeVisible();

  await page
    .getByRole('list', { name: 'Active filters' })
    .getByRole('button', { name: `Remove filter Search: ${token}` })
    .click();
  await expect(card(page, second.title)).toBeVisible();
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue('');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${token}`));
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue(token);
  await expect(card(page, second.title)).toHaveCount(0);
  await expect(card(page, first.title)).toBeVisible();

  // Leaving for a permalink and coming back keeps the filtered view too.
  await card(page, first.title).getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`/prompts/${first._id}$`));
  await page.goBack();
  await expect(page.getByPlaceholder('Search by title or content')).toHaveValue(token);
  await expect(card(page, first.title)).toBeVisible();
});

test('6 skeleton cards show while the prompts load', async ({ page }) => {
  const release = await holdRequests(page, '**/api/prompts?*');
  await page.goto('/');
  const loading = page.getByRole('status', { name: 'Loading prompts' });
  await expect(loading.locator('.prompt-card-skeleton')).toHaveCount(6);
  const skeletonBox = await loading.locator('.prompt-card-skeleton').first().boundingBox();
  release();
  await expect(loading).toHaveCount(0);
  const cardBox = await page.locator('.prompt-card').first().boundingBox();
  // A skeleton stands where a card will be, with a similar size.
  expect(Math.abs((skeletonBox?.y ?? 0) - (cardBox?.y ?? 1000))).toBeLessThan(2);
  expect(Math.abs((skeletonBox?.width ?? 0) - (cardBox?.width ?? 1000))).toBeLessThan(2);
  expect(Math.abs((skeletonBox?.height ?? 0) - (cardBox?.height ?? 1000))).toBeLessThan(60);
});

test("a failed fetch shows the error state with the held message, and 'Try Again' recovers", async ({ page }) => {
  let fail = true;
  await page.route('**/api/prompts?*', async (route) => {
    if (fail) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
    else await route.continue();
  });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Failed to load prompts' })).toBeVisible();
  await expect(
    alert.getByText('There was a problem fetching the prompt library data. Please check your connection and try again.'),
  ).toBeVisible();
  await expect(alert.getByText('Failed to fetch prompts: 503 Service Unavailable')).toBeVisible();
  fail = false;
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Failed to load prompts' })).toHaveCount(0);
});

test('no matches shows the empty state', async ({ page }) => {
  await page.goto(`/?q=${unique('nothing-matches-')}`);
  await expect(page.getByRole('heading', { name: 'No prompts found' })).toBeVisible();
  await expect(
    page.getByText('No prompts match your current filter criteria. Try adjusting your filters or clear them to see all prompts.'),
  ).toBeVisible();
  await expect(page.getByText(/^Displaying 0 of \d+ prompts$/)).toBeVisible();
});

test('a search that finds nothing offers the nearest word of the library as a link to its results', async ({ page, request }) => {
  const title = `Quillography ${unique('Primer ')}`;
  await createPrompt(request, { title });
  await page.goto('/?q=quillogrpahy');
  const empty = page.getByRole('status').filter({ hasText: 'No prompts found' });
  await expect(empty.getByText("No prompts match 'quillogrpahy'. Did you mean quillography?")).toBeVisible();
  const link = empty.getByRole('link', { name: 'quillography' });
  await expect(link).toHaveAttribute('href', '/?q=quillography');
  await link.click();
  await expect(page).toHaveURL(/\/\?q=quillography$/);
  await expect(card(page, title)).toBeVisible();
  const search = page.getByRole('searchbox');
  await expect(search).toHaveValue('quillography');
  await expect(search).toBeFocused();
  // Back returns to the search that found nothing, with its suggestion.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'quillography' })).toBeVisible();
});

test('on a phone the first page renders its first 12 cards, and the rest hold their place until the visitor nears them', async ({
  page,
  request,
}) => {
  const category = unique('Phone ');
  await createPromptsInCategory(request, category, 48);
  await page.setViewportSize({ width: 390, height: 800 });
  // The most cards the document ever held at once: never all 48, not even for a moment.
  await page.addInitScript(() => {
    const seen = window as unknown as { mostCards: number };
    seen.mostCards = 0;
    new MutationObserver(() => {
      seen.mostCards = Math.max(seen.mostCards, document.querySelectorAll('.prompt-card').length);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/?category=${encodeURIComponent(category)}`);
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  const blocks = page.locator('.prompt-grid-pages > .prompt-grid');
  await expect(blocks).toHaveCount(4);
  await expect(page.locator('.prompt-card')).toHaveCount(12);
  expect(await page.evaluate(() => (window as unknown as { mostCards: number }).mostCards)).toBe(12);
  // The blocks not rendered yet are as tall as the first: the page is as long as it will be.
  const heights = await blocks.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).offsetHeight));
  expect(heights[0]).toBeGreaterThan(0);
  expect(heights.slice(1)).toEqual([heights[0], heights[0], heights[0]]);
  // Scrolled to the last block's top, its cards render there.
  await blocks.last().evaluate((element) => element.scrollIntoView());
  await expect(blocks.last().locator('.prompt-card')).toHaveCount(12);
  await expect(blocks.last().locator('.prompt-card').first()).toBeInViewport();
});

test('scrolling loads the next page of 48 without any page buttons, and far-away cards leave the DOM', async ({ page, request }) => {
  test.setTimeout(60_000);
  const category = unique('Scroll ');
  await createPromptsInCategory(request, category, 50);
  const firstPage = page.waitForRequest((r) => r.url().includes('limit=48') && !r.url().includes('cursor='));
  await page.goto(`/?category=${encodeURIComponent(category)}`);
  await firstPage;
  // The footer counts all 50 matches though only 48 are loaded (library-footer.spec.ts).
  await expect(page.getByText(/^Displaying 50 of \d+ prompts$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /page|next|load more/i })).toHaveCount(0);
  // 48 loaded, but only the cards near the viewport are rendered.
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  expect(await page.locator('.prompt-card').count()).toBeLessThan(48);

  const secondPage = page.waitForRequest((r) => r.url().includes('limit=48') && r.url().includes('cursor='));
  await page.getByText(/^Displaying 50 of \d+ prompts$/).scrollIntoViewIfNeeded();
  await secondPage;
  const lastBlock = page.locator('.prompt-grid-pages > .prompt-grid').last();
  await expect(lastBlock.locator('.prompt-card')).toHaveCount(2);
  await expect(lastBlock.locator('.prompt-card').last()).toBeInViewport();
  // The first cards were unmounted but keep their space: scrolling back shows them again.
  await expect(page.locator('.prompt-grid-pages > .prompt-grid').first()).toHaveAttribute('data-rendered', 'false');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.prompt-grid-pages > .prompt-grid').first().locator('.prompt-card').first()).toBeInViewport();
});
