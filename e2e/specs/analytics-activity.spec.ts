import { expect, test } from '@playwright/test';
import { craftedAnalytics, serveAnalytics } from '../support/analytics-fixture';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** 30 days ending today, as the server answers: a few prompts a day, hundreds of likes and copies. */
function busyMonth() {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return Array.from({ length: 30 }, (_, index) => ({
    date: new Date(today - (29 - index) * 86_400_000).toISOString().slice(0, 10),
    prompts: [0, 1, 2, 3, 4][index % 5] ?? 0,
    likes: 100 + index * 10,
    copies: 200 + index * 6,
  }));
}

test("'Prompts shared' is drawn on a scale of its own, where a few prompts a day can be read", async ({ page }) => {
  const activity = busyMonth();
  await serveAnalytics(page, craftedAnalytics({ activity }));
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Activity' });
  const shared = panel.getByRole('img', { name: /^Prompts shared/ });
  const engagement = panel.getByRole('img', { name: /^Likes and copies/ });
  await expect(shared).toBeVisible();
  await expect(engagement).toBeVisible();
  // The axis each chart drew, as the chart instance reports it once it has drawn.
  await expect(shared).toHaveAttribute('data-y-max', /^\d/);
  await expect(engagement).toHaveAttribute('data-y-max', /^\d/);
  const sharedMax = Number(await shared.getAttribute('data-y-max'));
  const mostShared = Math.max(...activity.map((day) => day.prompts));
  expect(sharedMax).toBeGreaterThanOrEqual(mostShared);
  expect(sharedMax).toBeLessThanOrEqual(mostShared * 2);
  expect(Number(await engagement.getAttribute('data-y-max'))).toBeGreaterThanOrEqual(Math.max(...activity.map((day) => day.copies)));
});

test('today is marked as a day still in progress, in both charts and in the data table', async ({ page }) => {
  await serveAnalytics(page, craftedAnalytics({ activity: busyMonth() }));
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Activity' });
  for (const name of [/^Prompts shared/, /^Likes and copies/]) {
    const chart = panel.getByRole('img', { name });
    await expect(chart).toHaveAttribute('data-last-day', 'in progress');
    await expect(chart).toHaveAttribute('data-last-label', 'Today');
  }
  await expect(panel.getByText('Today is still in progress', { exact: false })).toBeVisible();
  await panel.getByText('Show data').click();
  await expect(panel.getByTestId('activity-row').last().getByRole('rowheader')).toHaveText('Today (in progress)');
});

test('leaderboard titles link to their prompt pages; the row still opens from its button', async ({ page }) => {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/analytics'));
  await page.goto('/analytics');
  const top = ((await (await answer).json()) as { topCopiedPrompts: { _id: string; title: string }[] }).topCopiedPrompts[0];
  expect(top).toBeDefined();
  const row = page.getByTestId('leaderboard-row').first();
  const link = row.getByRole('link', { name: top?.title });
  await expect(link).toHaveAttribute('href', `/prompts/${top?._id}`);
  await row.getByRole('button', { name: `Show details of ${top?.title}` }).click();
  await expect(page.getByTestId('leaderboard-details')).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/prompts/${top?._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: top?.title })).toBeVisible();
});
