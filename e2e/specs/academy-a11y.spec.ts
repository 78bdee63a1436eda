import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** One page per Academy section (and the overview), scanned in both themes. */
const PAGES = [
  '/prompt-academy',
  '/prompt-academy/beginner/understanding',
  '/prompt-academy/intermediate/format-control',
  '/prompt-academy/advanced/system-user',
  '/prompt-academy/patterns/recipe',
];

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} has no serious or critical accessibility violations (${theme})`, async ({ page, context }) => {
      await context.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('cookieConsent', 'accepted');
      }, theme);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('.academy-prose')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
      expect(serious).toEqual([]);
    });
  }
}
