import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/**
 * One page per Academy section, the overview, a section page and the
 * glossary, scanned in both themes with some progress stored (so the done
 * marks and progress bars are on the page) and a self-check open.
 */
const PAGES = [
  '/prompt-academy',
  '/prompt-academy/beginner',
  '/prompt-academy/beginner/understanding',
  '/prompt-academy/beginner/components',
  '/prompt-academy/intermediate/format-control',
  '/prompt-academy/advanced/system-user',
  '/prompt-academy/advanced/tools-agents',
  '/prompt-academy/patterns/recipe',
  '/prompt-academy/glossary',
];

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} has no serious or critical accessibility violations (${theme})`, async ({ page, context }) => {
      await context.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('cookieConsent', 'accepted');
        localStorage.setItem('academyProgress', JSON.stringify(['beginner/understanding', 'patterns/recipe']));
      }, theme);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('.academy-prose')).toBeVisible();
      const selfCheck = page.getByRole('button', { name: 'Show self-check' }).first();
      if ((await selfCheck.count()) > 0) {
        await selfCheck.click();
        await expect(page.getByRole('button', { name: 'Hide self-check' })).toBeVisible();
      }
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
