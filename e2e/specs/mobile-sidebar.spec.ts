import { type Page, expect, test } from '@playwright/test';
import { acceptCookies } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await page.setViewportSize({ width: 390, height: 844 });
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const expand = (page: Page) => page.getByRole('button', { name: 'Expand sidebar' });
/** A point on the page beside the open sidebar (248 px wide). */
const BESIDE = { x: 340, y: 420 } as const;

async function open(page: Page) {
  await page.goto('/');
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  await expand(page).click();
  await expect(sidebar(page)).not.toHaveClass(/is-collapsed/);
}

test('open on a phone, the sidebar dims the page behind it, and a tap beside it closes it and returns focus to the toggle', async ({
  page,
}) => {
  await open(page);
  const scrim = page.getByTestId('sidebar-scrim');
  await expect(scrim).toBeVisible();
  // What lies beside the sidebar is the scrim, not the page's cards.
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('data-testid'), BESIDE)).toBe('sidebar-scrim');
  const background = await scrim.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');

  await page.mouse.click(BESIDE.x, BESIDE.y);
  await expect(sidebar(page)).toHaveClass(/is-collapsed/);
  await expect(scrim).toHaveCount(0);
  await expect(expand(page)).toBeFocused();
});

test('Escape closes it and returns focus to the toggle', async ({ page }) => {
  await open(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).focus();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toHaveClass(/is-collapsed/);
  await expect(expand(page)).toBeFocused();
});

test('while open, Tab and Shift+Tab keep focus inside the sidebar', async ({ page }) => {
  await open(page);
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    for (let index = 0; index < 14; index += 1) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('aside')))).toBe(true);
    }
  }
});

test('choosing a page closes it', async ({ page }) => {
  await open(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Share Prompt' }).click();
  await expect(page).toHaveURL(/\/submit$/);
  await expect(sidebar(page)).toHaveClass(/is-collapsed/);
  await expect(page.getByTestId('sidebar-scrim')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeFocused();
});

test('on a wide screen the expanded sidebar stays beside the page, with no scrim', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(sidebar(page)).not.toHaveClass(/is-collapsed/);
  await expect(page.getByTestId('sidebar-scrim')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).not.toHaveClass(/is-collapsed/);
});
