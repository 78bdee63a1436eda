import { type Locator, type Page, expect, test } from '@playwright/test';
import { craftedAnalytics, serveAnalytics } from '../support/analytics-fixture';
import { uniqueToken } from '../support/unique';
import { holdRequests } from '../support/held-requests';

const LIGHT_LEGEND = '#374151';
const DARK_LEGEND = '#ffffff';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

function setTheme(page: Page, theme: 'light' | 'dark') {
  return page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

function pieCanvas(page: Page, name: 'Category Distribution' | 'Model Distribution'): Locator {
  return page.getByRole('img', { name, exact: true });
}

/**
 * Counts opaque pixels of exactly `hex` inside the legend box the chart
 * reported. Legend text is drawn on the canvas, so this reads what was drawn
 * rather than what the app meant to draw.
 */
function legendPixels(canvas: Locator, hex: string): Promise<number> {
  return canvas.evaluate((element, color) => {
    const el = element as HTMLCanvasElement;
    const box = (el.dataset.legendBox ?? '').split(',').map(Number);
    const [left = 0, top = 0, width = 0, height = 0] = box;
    if (width <= 0 || height <= 0) return 0;
    const ratio = el.width / el.clientWidth;
    const context = el.getContext('2d');
    if (!context) return 0;
    const pixels = context.getImageData(left * ratio, top * ratio, width * ratio, height * ratio).data;
    const [r, g, b] = [1, 3, 5].map((index) => Number.parseInt(color.slice(index, index + 2), 16));
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b && pixels[i + 3] === 255) count += 1;
    }
    return count;
  }, hex);
}

/** '#fff' -> '#ffffff' (the built CSS may shorten the token). */
function longHex(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim());
  return (short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value.trim()).toLowerCase();
}

async function expectLegendColour(canvas: Locator, hex: string) {
  await expect.poll(async () => longHex((await canvas.getAttribute('data-legend-color')) ?? '')).toBe(hex);
  await expect.poll(() => legendPixels(canvas, hex), { message: `legend text drawn in ${hex}` }).toBeGreaterThan(20);
}

test('loaded state on the real data: title, subtitle, stat cards from the answer, charts and leaderboard', async ({ page }) => {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/analytics'));
  await page.goto('/analytics');
  const data = await (await answer).json();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
  await expect(page.getByText('Monitor prompt popularity and user trends across the library.')).toBeVisible();

  const format = new Intl.NumberFormat('en-US');
  const cards = page.getByTestId('stat-card');
  await expect(cards).toHaveText([
    `Total Prompts${format.format(data.overview.totalPrompts)}`,
    `Total Likes${format.format(data.overview.totalLikes)}`,
    `Total Copies${format.format(data.overview.totalCopies)}`,
    `Models${data.modelStats.length}`,
  ]);

  for (const name of ['Category Distribution', 'Model Distribution'] as const) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(pieCanvas(page, name)).toBeVisible();
  }
  // The dataset label heads each chart's data table.
  await expect(page.locator('.chart-data th', { hasText: 'Number of Prompts' })).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 2, name: 'Top Copied Prompts Leaderboard' })).toBeVisible();
  for (const column of ['Rank', 'Prompt Title', 'Category', 'Model', 'Copies']) {
    await expect(page.locator('table.leaderboard').getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('leaderboard-row')).toHaveCount(data.topCopiedPrompts.length);
  await expect(page.getByTestId('rank-badge')).toHaveCount(Math.min(3, data.topCopiedPrompts.length));
});

test('the pie legend sits right on wide screens and below on phones, as the chart instance reports', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/analytics');
  const canvas = pieCanvas(page, 'Category Distribution');
  await expect(canvas).toHaveAttribute('data-legend-position', 'right');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(canvas).toHaveAttribute('data-legend-position', 'bottom');
  await expect(pieCanvas(page, 'Model Distribution')).toHaveAttribute('data-legend-position', 'bottom');
});

test('each chart is drawn once as the page opens, in a task of its own, with no drawing-in animation', async ({ page }) => {
  // Chart.js clears its canvas before each drawing: counting the clears counts the drawings (an animation's frames
  // too). Each drawing also notes the turn of the event loop it ran in: code run without a pause has one turn (its
  // microtasks wait for it), so charts built together share their turn.
  await page.addInitScript(() => {
    const drawings = new Map<HTMLCanvasElement, { count: number; firstTurn: number }>();
    Object.assign(window, { chartDrawings: drawings });
    let turn = 0;
    let turnOpen = false;
    const clearRect = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (...area: Parameters<typeof clearRect>) {
      if (!turnOpen) {
        turn += 1;
        turnOpen = true;
        queueMicrotask(() => {
          turnOpen = false;
        });
      }
      const seen = drawings.get(this.canvas);
      drawings.set(this.canvas, { count: (seen?.count ?? 0) + 1, firstTurn: seen?.firstTurn ?? turn });
      clearRect.apply(this, area);
    };
  });
  await page.goto('/analytics');
  // Every chart has drawn (its probe marks each drawing); then a window longer than Chart.js's animations.
  await expect(page.locator('canvas[data-legend-box]')).toHaveCount(4);
  // Chart.js animates for 1 s unless turned off, and drew each chart 41-56 times so.
  await page.waitForTimeout(1500);
  const drawings = await page.evaluate(() =>
    [...(window as unknown as { chartDrawings: Map<HTMLCanvasElement, { count: number; firstTurn: number }> }).chartDrawings].map(
      ([canvas, { count, firstTurn }]) => ({ chart: canvas.getAttribute('aria-label'), count, firstTurn }),
    ),
  );
  expect(drawings.map(({ chart, count }) => `${chart}: ${count}`)).toEqual([
    'Category Distribution: 1',
    'Model Distribution: 1',
    'Prompts shared per day over the last 30 days: 1',
    'Likes and copies per day over the last 30 days: 1',
  ]);
  expect(new Set(drawings.map(({ firstTurn }) => firstTurn)).size).toBe(4);
});

test('legend text is dark grey in light and white in dark, and re-coloured when the theme flips', async ({ page }) => {
  await setTheme(page, 'light');
  await page.goto('/analytics');
  const category = pieCanvas(page, 'Category Distribution');
  const model = pieCanvas(page, 'Model Distribution');
  await expectLegendColour(category, LIGHT_LEGEND);
  await expectLegendColour(model, LIGHT_LEGEND);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectLegendColour(category, DARK_LEGEND);
  await expectLegendColour(model, DARK_LEGEND);
  expect(await legendPixels(category, LIGHT_LEGEND)).toBe(0);

  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expectLegendColour(category, LIGHT_LEGEND);
});

test('legend text is white when the page opens in dark', async ({ page }) => {
  await setTheme(page, 'dark');
  await page.goto('/analytics');
  await expectLegendColour(pieCanvas(page, 'Category Distribution'), DARK_LEGEND);
  await expectLegendColour(pieCanvas(page, 'Model Distribution'), DARK_LEGEND);
});

for (const width of [320, 390, 481, 1101, 1280]) {
  test(`at ${width} px the stat cards hold figures of ten characters`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // A library ten times the bench's: 10,000,000 likes and copies.
    await serveAnalytics(
      page,
      craftedAnalytics({ overview: { totalPrompts: 1_000_000, totalLikes: 10_000_000, totalCopies: 10_000_000 } }),
    );
    await page.goto('/analytics');
    const cards = page.getByTestId('stat-card');
    await expect(cards.nth(1)).toContainText('10,000,000');
    for (let index = 0; index < 4; index += 1) {
      const overflow = await cards.nth(index).evaluate((card) => {
        const text = document.createRange();
        text.selectNodeContents(card.querySelector('.stat-value') as HTMLElement);
        const contentRight = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
        return Math.max(0, text.getBoundingClientRect().right - contentRight);
      });
      expect(overflow, `card ${index + 1}: px of the figure past the card's padding`).toBe(0);
    }
  });
}

test("15 categories become the 14 largest plus 'Other' with the rest summed", async ({ page }) => {
  const counts = [30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5];
  const categoryStats = counts.map((promptCount, index) => ({ name: `Category ${index + 1}`, promptCount }));
  const total = counts.reduce((sum, count) => sum + count, 0);
  // Shuffled, so the page does its own sorting.
  await serveAnalytics(
    page,
    craftedAnalytics({
      overview: { totalPrompts: total, totalLikes: 0, totalCopies: 0 },
      categoryStats: [...categoryStats].reverse(),
      modelStats: categoryStats.slice(0, 15).map((stat, index) => ({ name: `Model ${index + 1}`, promptCount: stat.promptCount })),
    }),
  );
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Category Distribution' });
  await panel.getByText('Show data').click();
  const rows = panel.getByTestId('slice-row');
  await expect(rows).toHaveCount(15);
  await expect(rows.first()).toHaveText(`Category 1${30}${Math.round((30 / total) * 100)}%`);
  await expect(rows.nth(13)).toContainText('Category 14');
  // 6 + 5 summed; the tooltip line reads 'name: count (pct%)'.
  await expect(rows.last()).toHaveText(`Other11${Math.round((11 / total) * 100)}%`);
  await expect(rows.last()).toHaveAttribute('title', `Other: 11 (${Math.round((11 / total) * 100)}%)`);

  const models = page.getByRole('region', { name: 'Model Distribution' });
  await models.getByText('Show data').click();
  const modelRows = models.getByTestId('slice-row');
  await expect(modelRows).toHaveCount(15);
  await expect(modelRows.last()).toContainText('Other');
  await expect(modelRows.last()).toHaveText(/^Other6\d+%$/);
  await expect(page.getByTestId('stat-card').last()).toHaveText('Models15');
});

test("a missing category or model reads 'Uncategorized' in the charts and the leaderboard", async ({ page }) => {
  await serveAnalytics(
    page,
    craftedAnalytics({
      categoryStats: [
        { name: 'Writing', promptCount: 8 },
        { name: '', promptCount: 4 },
      ],
      topCopiedPrompts: [{ _id: 'u1', title: 'No category', category: '', model: '', prompt: 'x', copyCount: 3 }],
    }),
  );
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Category Distribution' });
  await panel.getByText('Show data').click();
  await expect(panel.getByTestId('slice-row').last()).toHaveText('Uncategorized433%');
  const row = page.getByTestId('leaderboard-row');
  await expect(row).toContainText('UncategorizedUncategorized');
});

test("loading shows 'Loading analytics data...'", async ({ page }) => {
  const release = await holdRequests(page, '**/api/analytics');
  await page.goto('/analytics');
  await expect(page.getByRole('status').filter({ hasText: 'Loading analytics data...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
});

test("a non-OK answer shows 'Error Loading Analytics' and 'Try Again' reloads the page", async ({ page }) => {
  let failing = true;
  await page.route('**/api/analytics', (route) =>
    failing ? route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'boom' } }) : route.continue(),
  );
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Error Loading Analytics' })).toBeVisible();
  await expect(page.getByText('Failed to fetch analytics data')).toBeVisible();
  failing = false;
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
});

test("a network failure shows the network error's message", async ({ page }) => {
  await page.route('**/api/analytics', (route) => route.abort('internetdisconnected'));
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Error Loading Analytics' })).toBeVisible();
  // Chromium's own message for a fetch that never reached the server.
  await expect(page.getByRole('alert')).toContainText('Failed to fetch');
  await expect(page.getByRole('alert')).not.toContainText('Failed to fetch analytics data');
});

test('the empty state shows when there are no prompts', async ({ page }) => {
  await serveAnalytics(
    page,
    craftedAnalytics({ overview: { totalPrompts: 0, totalLikes: 0, totalCopies: 0 }, categoryStats: [], modelStats: [] }),
  );
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'No Analytics Data Available' })).toBeVisible();
  await expect(
    page.getByText('There is not enough data to display analytics yet. Try adding more prompts or increasing usage.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Insights Dashboard' })).toHaveCount(0);
});

for (const missing of ['categoryStats', 'modelStats'] as const) {
  test(`the empty state shows when ${missing} is missing`, async ({ page }) => {
    const body = craftedAnalytics();
    delete body[missing];
    await serveAnalytics(page, body);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'No Analytics Data Available' })).toBeVisible();
  });
}

test("an empty leaderboard says 'No copy data recorded yet'", async ({ page }) => {
  await serveAnalytics(page, craftedAnalytics({ topCopiedPrompts: [] }));
  await page.goto('/analytics');
  await expect(page.getByText('No copy data recorded yet')).toBeVisible();
});

test('leaderboard rows open one at a time by click, Enter or Space, with content, rank, copies and likes when present', async ({
  page,
}) => {
  await serveAnalytics(
    page,
    craftedAnalytics({
      topCopiedPrompts: [
        { _id: 'p1', title: 'First prompt', category: 'Writing', model: 'GPT-4o', prompt: 'Text one', copyCount: 30, likes: 7 },
        { _id: 'p2', title: 'Second prompt', category: 'Coding', model: 'GPT-4o', prompt: '', copyCount: 20 },
        { _id: 'p3', title: 'Third prompt', category: 'Coding', model: 'Claude', prompt: 'Text three', copyCount: 10, likes: 0 },
        { _id: 'p4', title: 'Fourth prompt', category: 'Coding', model: 'Claude', prompt: 'Text four', copyCount: 5 },
      ],
    }),
  );
  await page.goto('/analytics');
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('rank-badge')).toHaveText(['1', '2', '3']);
  await expect(rows.nth(3)).toContainText('4Fourth promptCodingClaude5');
  const details = page.getByTestId('leaderboard-details');
  await expect(details).toHaveCount(0);

  // A click anywhere on the row opens it.
  await rows.nth(0).getByRole('cell', { name: 'Writing' }).click();
  await expect(details).toHaveCount(1);
  await expect(details).toContainText('Prompt Content:');
  await expect(details).toContainText('Text one');
  await expect(details.locator('dl')).toHaveText('Rank1Copies30Likes7CategoryWritingModelGPT-4o');
  await expect(details.getByRole('button', { name: 'Copy Prompt' })).toBeVisible();

  // Enter on the second row's button opens it and closes the first.
  const second = page.getByRole('button', { name: 'Second prompt' });
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'First prompt' })).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toHaveCount(1);
  await expect(details).toContainText('Prompt content not available');
  await expect(details.locator('dl')).not.toContainText('Likes');

  // Space on the third; likes of 0 are present and shown.
  const third = page.getByRole('button', { name: 'Third prompt' });
  await third.focus();
  await page.keyboard.press('Space');
  await expect(details).toContainText('Likes0');
  await page.keyboard.press('Space');
  await expect(details).toHaveCount(0);
  await expect(third).toHaveAttribute('aria-expanded', 'false');
});

test.describe('Copy Prompt on the leaderboard', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test("copies, shows 'Copied!' for 2 seconds and sets the row's count from the answer", async ({ page, request }) => {
    // A prompt of our own at the top of the leaderboard, so no other spec's copies change its count.
    const token = uniqueToken();
    const created = await request.post('/api/prompts', {
      data: { title: `Leader ${token}`, prompt: `Leader text ${token}`, category: 'Writing', model: 'GPT-4o' },
    });
    const prompt = await created.json();
    const analytics = await (await request.get('/api/analytics')).json();
    const top = Math.max(...analytics.topCopiedPrompts.map((entry: { copyCount: number }) => entry.copyCount), 0);
    await Promise.all(
      Array.from({ length: top + 5 }, () =>
        request.post(`/api/prompts/${prompt._id}/copy`, { headers: { 'content-type': 'application/json', 'user-id': 'anonymous' } }),
      ),
    );
    const before = (await (await request.get(`/api/prompts/${prompt._id}`)).json()).copyCount as number;
    // The dashboard may trail copies by up to ANALYTICS_STALE_MS (the answer read above was cached): wait until it leads.
    await expect
      .poll(async () => (await (await request.get('/api/analytics')).json()).topCopiedPrompts[0]?._id, { timeout: 5_000 })
      .toBe(prompt._id);

    await page.goto('/analytics');
    const row = page.getByTestId('leaderboard-row').filter({ hasText: `Leader ${token}` });
    await row.getByRole('button', { name: `Leader ${token}` }).click();
    const copied = page.waitForResponse((response) => response.url().endsWith(`/api/prompts/${prompt._id}/copy`));
    const button = page.getByRole('button', { name: 'Copy Prompt' });
    const clickedAt = Date.now();
    await button.click();
    const copyRequest = (await copied).request();
    expect(copyRequest.headers()['user-id']).toMatch(/^user_/);
    const answer = await (await copied).json();
    expect(answer.copyCount).toBeGreaterThan(before);
    await expect(page.getByTestId('leaderboard-details').getByText('Copied!')).toBeVisible();
    await expect(row.getByTestId('copy-count')).toHaveText(String(answer.copyCount));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Leader text ${token}`);
    await expect(page.getByTestId('leaderboard-details').getByText('Copy Prompt')).toBeVisible({ timeout: 5_000 });
    // 2 seconds (COPIED_INDICATOR_MS) from the click, with room for a busy machine.
    const shownFor = Date.now() - clickedAt;
    expect(shownFor).toBeGreaterThanOrEqual(1_900);
    expect(shownFor).toBeLessThan(4_500);
  });

  test('without a copyCount in the answer the count goes up by one', async ({ page }) => {
    await serveAnalytics(
      page,
      craftedAnalytics({
        topCopiedPrompts: [{ _id: 'c1', title: 'Counted', category: 'Writing', model: 'GPT-4o', prompt: 'Copy me', copyCount: 41 }],
      }),
    );
    await page.route('**/api/prompts/c1/copy', (route) => route.fulfill({ json: {} }));
    await page.goto('/analytics');
    await expect(page.getByTestId('copy-count')).toHaveText('41');
    // After the copy the dashboard is fetched again for its totals; this crafted
    // answer would not include the copy, so that fetch is held.
    await page.unroute('**/api/analytics');
    await page.route('**/api/analytics', () => new Promise<void>(() => undefined));
    await page.getByRole('button', { name: 'Counted' }).click();
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect(page.getByTestId('copy-count')).toHaveText('42');
  });

  test("a failed copy record is only logged as 'Failed to record copy'", async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await serveAnalytics(
      page,
      craftedAnalytics({
        topCopiedPrompts: [{ _id: 'f1', title: 'Failing', category: 'Writing', model: 'GPT-4o', prompt: 'Copy me', copyCount: 9 }],
      }),
    );
    await page.route('**/api/prompts/f1/copy', (route) => route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'x' } }));
    await page.goto('/analytics');
    await page.getByRole('button', { name: 'Failing' }).click();
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect(page.getByText('Copied!')).toBeVisible();
    await expect.poll(() => logged.some((text) => text.startsWith('Failed to record copy'))).toBe(true);
    await expect(page.getByTestId('copy-count')).toHaveText('9');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('the activity chart lists 30 days ending today, with the figures of the answer', async ({ page, request }) => {
  const token = uniqueToken();
  const created = await (
    await request.post('/api/prompts', {
      data: { title: `Activity ${token}`, prompt: 'Activity text', category: 'Writing', model: 'GPT-4o' },
    })
  ).json();
  await request.post(`/api/prompts/${created._id}/like`, { headers: { 'user-id': `user_${token}` }, data: { liked: true } });
  await request.post(`/api/prompts/${created._id}/copy`, { headers: { 'user-id': `user_${token}` } });

  const answer = page.waitForResponse((response) => response.url().endsWith('/api/analytics'));
  await page.goto('/analytics');
  const data = await (await answer).json();
  const panel = page.getByRole('region', { name: 'Activity' });
  // Prompts shared, and likes and copies, each on its own scale (analytics-activity.spec.ts).
  await expect(panel.getByRole('img')).toHaveCount(2);
  await panel.getByText('Show data').click();
  const rows = panel.getByTestId('activity-row');
  await expect(rows).toHaveCount(30);
  const today = new Date().toISOString().slice(0, 10);
  await expect(rows.last()).toHaveAttribute('data-date', today);
  const last = data.activity.at(-1);
  expect(last.prompts).toBeGreaterThanOrEqual(1);
  expect(last.likes).toBeGreaterThanOrEqual(1);
  expect(last.copies).toBeGreaterThanOrEqual(1);
  await expect(rows.last().getByRole('cell')).toHaveText([String(last.prompts), String(last.likes), String(last.copies)]);
});

test('Chart.js loads only on /analytics', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Share Prompt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
  expect(scripts.some((url) => url.includes('analytics-page'))).toBe(false);
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights Dashboard' })).toBeVisible();
  expect(scripts.some((url) => url.includes('analytics-page'))).toBe(true);
});
