import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createPrompt } from '../support/library';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      // axe walks every node of 48 cards; on a busy machine that takes a while.
      test.setTimeout(90_000);
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    });

    async function seriousViolations(page: import('@playwright/test').Page) {
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }

    test('/ has no serious or critical axe violations (with the cookie notice, filters open and a chip)', async ({ page }) => {
      await page.goto('/?sort=likes_desc');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('.prompt-card').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Popular Keywords' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/prompts/:id has no serious or critical axe violations', async ({ page, request }) => {
      const prompt = await createPrompt(request);
      await request.post(`/api/comments/${prompt._id}`, { data: { text: 'A note to scan', author: 'Axe' } });
      await page.goto(`/prompts/${prompt._id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('list', { name: 'Notes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the comments modal has no serious or critical axe violations', async ({ page, request }) => {
      await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
      const prompt = await createPrompt(request, { category: `Axe ${theme} ${Date.now().toString(36)}` });
      await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
      await page.getByRole('button', { name: /Notes on/ }).click();
      await expect(page.getByRole('dialog').getByText('No notes yet. Be the first to leave one.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
