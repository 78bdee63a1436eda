import { type Page, expect, test } from '@playwright/test';
import { createPrompt, unique } from '../support/library';

/** How far the page reaches sideways, and what reaches furthest when it is too wide. */
async function width(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate(() => {
    let widest = '';
    let right = 0;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.right > right && box.width > 0) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} (${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const measured = await width(page);
  expect(measured.scrollWidth, `${what}: widest is ${measured.widest}`).toBeLessThanOrEqual(320);
}

for (const withNotice of [true, false]) {
  test.describe(withNotice ? 'with the cookie notice' : 'after accepting cookies', () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      if (!withNotice) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    });

    test('no route scrolls sideways at 320 px', async ({ page, request, context }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const prompt = await createPrompt(request, {
        title: `Narrow ${unique()} Supercalifragilistic`,
        prompt:
          'Write to [recipient name] about {{a_long_variable_name_for_the_topic}} using https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all.',
        category: 'Data Analysis',
        model: 'Claude Sonnet 4',
      });

      await page.goto('/');
      await expect(page.locator('.prompt-card').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'library');
      await page.getByRole('button', { name: 'More Filters' }).click();
      await expectNoSidewaysScroll(page, 'library with filters open');
      // A long search's chip shortens to fit instead of widening the page.
      await page.goto(`/?q=${encodeURIComponent('a search far longer than a narrow phone is wide')}`);
      await expect(page.getByRole('button', { name: /^Remove filter Search: a search far longer/ })).toBeVisible();
      await expectNoSidewaysScroll(page, 'library with a long search chip');

      await page.goto('/submit');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 'share');
      await page.getByRole('button', { name: 'Share Prompt' }).last().click();
      await expectNoSidewaysScroll(page, 'share with errors');

      await page.goto('/analytics');
      await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'insights');
      await page.getByTestId('leaderboard-row').first().getByRole('button').first().click();
      for (const summary of await page.getByText('Show data').all()) await summary.click();
      await expectNoSidewaysScroll(page, 'insights with a row and the data tables open');

      await page.goto(`/prompts/${prompt._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 'prompt page');
      await page.getByRole('textbox', { name: 'Recipient name' }).fill('the whole team');
      await expectNoSidewaysScroll(page, 'prompt page, filled');

      for (const path of [
        '/prompt-academy',
        '/prompt-academy/beginner/components',
        '/prompt-academy/patterns/structured-output',
        '/no-such-page',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    });
  });
}
