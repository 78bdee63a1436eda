import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

/** Serious and critical violations only, as the project's bar; details printed when any are found. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('cookieConsent', 'accepted');
      }, theme);
    });

    test('Share Prompt: empty, with field errors and an open suggestion list', async ({ page }) => {
      await page.goto('/submit');
      await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('x'.repeat(51));
      await page.getByRole('button', { name: 'Share Prompt' }).last().click();
      await expect(page.getByRole('alert')).toHaveText('Please fix the highlighted fields before submitting.');
      const category = page.getByRole('combobox', { name: 'Category' });
      await category.click();
      await category.press('ArrowDown');
      await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page)).toEqual([]);

      await category.fill('no such category at all');
      await expect(page.getByText('No matching categories')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Insights: loaded, with a leaderboard row and the chart data open', async ({ page, context }) => {
      // Two axe runs over the densest page (three charts, their data tables,
      // an open leaderboard row): more than 30 s on a loaded 2-core machine.
      test.slow();
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('leaderboard-row').first().getByRole('button').click();
      await expect(page.getByText('Prompt Content:')).toBeVisible();
      for (const summary of await page.getByText('Show data').all()) await summary.click();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Insights: error and empty states', async ({ page }) => {
      await page.route('**/api/analytics', (route) => route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'x' } }));
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { name: 'Error Loading Analytics' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.unroute('**/api/analytics');
      await page.route('**/api/analytics', (route) =>
        route.fulfill({
          json: {
            overview: { totalPrompts: 0, totalLikes: 0, totalCopies: 0 },
            categoryStats: [],
            modelStats: [],
            topCopiedPrompts: [],
            activity: [],
          },
        }),
      );
      await page.reload();
      await expect(page.getByRole('heading', { name: 'No Analytics Data Available' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
