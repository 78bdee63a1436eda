import { type Page, expect, test } from '@playwright/test';

/**
 * Tabs through the page and reports every focused control whose centre is
 * covered by something else (WCAG 2.4.11: focus must not hide behind other
 * content). Sequential focus scrolls as the browser does for a keyboard
 * user, so this sees what that user sees.
 */
async function coveredFocusStops(page: Page, stops: number): Promise<string[]> {
  const covered: string[] = [];
  for (let index = 0; index < stops; index += 1) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!hit || element === hit || element.contains(hit) || hit.contains(element)) return null;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      return `${element.tagName.toLowerCase()} "${name}" under ${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`;
    });
    if (problem) covered.push(problem);
  }
  return covered;
}

const CASES = [
  { path: '/submit', width: 390, height: 844, stops: 20 },
  { path: '/submit', width: 320, height: 640, stops: 20 },
  { path: '/', width: 1440, height: 900, stops: 45 },
  { path: '/', width: 390, height: 844, stops: 35 },
] as const;

for (const { path, width, height, stops } of CASES) {
  test(`the cookie notice covers no control on ${path} at ${width} x ${height}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/') await expect(page.locator('.prompt-card').first()).toBeVisible();
    expect(await coveredFocusStops(page, stops)).toEqual([]);
  });
}

test("the cookie notice's buttons come early in the tab order, before the sidebar and the page", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.prompt-card').first()).toBeVisible();
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  const order: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const element = document.activeElement;
        if (!element) return '';
        const where = element.closest('[aria-label="Cookie notice"]')
          ? 'notice'
          : element.closest('aside')
            ? 'sidebar'
            : element.closest('main')
              ? 'main'
              : 'other';
        return `${where}: ${element.textContent?.trim()}`;
      }),
    );
  }
  expect(order).toEqual(['other: Skip to content', 'notice: Remind me Later', 'notice: Accept', expect.stringMatching(/^sidebar: /)]);
  // Accept still stores the consent and takes the notice away.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
});

test('the notice takes its own room: the page below it starts after it and nothing overlaps it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/submit');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  const noticeBox = await notice.boundingBox();
  const mainBox = await page.locator('main').boundingBox();
  expect(noticeBox && mainBox && mainBox.y >= noticeBox.y + noticeBox.height - 1).toBe(true);
  await notice.getByRole('button', { name: 'Remind me Later' }).click();
  await expect(notice).toBeHidden();
  // The room goes with it.
  expect((await page.locator('main').boundingBox())?.y).toBeLessThan(mainBox?.y ?? 0);
});
