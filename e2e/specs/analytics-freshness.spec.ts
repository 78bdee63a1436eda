import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';
import { holdRequests } from '../support/held-requests';

test.beforeEach(async ({ page, context }) => {
  await acceptCookies(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

/** The stat cards' figures as the page shows them now (no waiting: a stale figure must never show). */
async function shownTotals(page: Page): Promise<{ prompts: number; likes: number; copies: number }> {
  const cards = page.getByTestId('stat-card');
  const value = async (index: number) => Number(((await cards.nth(index).locator('.stat-value').textContent()) ?? '').replace(/,/g, ''));
  return { prompts: await value(0), likes: await value(1), copies: await value(2) };
}

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Insights Dashboard' });

/**
 * Searches the library and waits for the search to commit after its
 * debounce, so the cards the test clicks next are the search's.
 */
async function searchLibrary(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Search by title or content').fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
}

test('after a like and a copy in this browser, the next view of Insights shows them', async ({ page, request }) => {
  const prompt = await createPrompt(request, { title: `Fresh ${unique()}` });
  await page.goto('/analytics');
  await expect(dashboardHeading(page)).toBeVisible();
  const before = await shownTotals(page);

  await sidebarLink(page, 'Prompt Library').click();
  await searchLibrary(page, prompt.title);
  const promptCard = card(page, prompt.title);
  const liked = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}/like`));
  await promptCard.getByRole('button', { name: /Likes, like/ }).click();
  expect((await liked).status()).toBe(200);
  const copied = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}/copy`));
  await promptCard.getByRole('button', { name: `Copy ${prompt.title}` }).click();
  expect((await copied).status()).toBe(200);

  await sidebarLink(page, 'Insights').click();
  await expect(dashboardHeading(page)).toBeVisible();
  // Other specs only ever add likes and copies, so this browser's own make the figures grow.
  const after = await shownTotals(page);
  expect(after.likes).toBeGreaterThan(before.likes);
  expect(after.copies).toBeGreaterThan(before.copies);
});

test('after sharing a prompt in this browser, the next view of Insights counts it', async ({ page }) => {
  await page.goto('/analytics');
  await expect(dashboardHeading(page)).toBeVisible();
  const before = await shownTotals(page);

  await sidebarLink(page, 'Share Prompt').click();
  await page.getByRole('textbox', { name: 'Title' }).fill(`Fresh share ${unique()}`);
  await page.getByRole('textbox', { name: 'Prompt' }).fill(`A prompt shared to see Insights follow ${unique()}.`);
  await page.getByRole('combobox', { name: 'Category' }).fill('Writing');
  await page.getByRole('combobox', { name: 'Model' }).fill('GPT-4o');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share Prompt' }).last().click();
  await expect(page.getByText('Prompt submitted successfully!')).toBeVisible();

  // While the new figures are on their way, the old ones must not show.
  const release = await holdRequests(page, '**/api/analytics');
  await sidebarLink(page, 'Insights').click();
  await expect(page.getByText('Loading analytics data...')).toBeVisible();
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  release();
  await expect(dashboardHeading(page)).toBeVisible();
  expect((await shownTotals(page)).prompts).toBeGreaterThan(before.prompts);
});

test('after a note in this browser, the next view of Insights asks the server again', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Fresh ') });
  await page.goto('/analytics');
  await expect(dashboardHeading(page)).toBeVisible();

  await sidebarLink(page, 'Prompt Library').click();
  await searchLibrary(page, prompt.title);
  await card(page, prompt.title)
    .getByRole('button', { name: /Notes on/ })
    .click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await dialog.getByRole('textbox', { name: 'Your note' }).fill('A note that Insights should hear about.');
  await dialog.getByRole('button', { name: 'Post note' }).click();
  await expect(dialog.getByText('Your note was posted.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close notes' }).click();

  const asked = page.waitForRequest((r) => r.url().endsWith('/api/analytics'), { timeout: 5_000 });
  await sidebarLink(page, 'Insights').click();
  await asked;
  await expect(dashboardHeading(page)).toBeVisible();
});
