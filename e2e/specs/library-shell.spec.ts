import { expect, test } from '@playwright/test';
import { acceptCookies } from '../support/library';

test.describe('app shell', () => {
  test('the sidebar links navigate and the active one is highlighted, Academy on every /prompt-academy path', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = {
      library: nav.getByRole('link', { name: 'Prompt Library' }),
      submit: nav.getByRole('link', { name: 'Share Prompt' }),
      analytics: nav.getByRole('link', { name: 'Insights' }),
      academy: nav.getByRole('link', { name: 'Prompt Academy' }),
    };
    await expect(links.library).toHaveClass(/is-active/);
    await expect(links.library).toHaveAttribute('aria-current', 'page');

    await links.submit.click();
    await expect(page).toHaveURL(/\/submit$/);
    await expect(links.submit).toHaveClass(/is-active/);
    await expect(links.library).not.toHaveClass(/is-active/);

    await links.analytics.click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(links.analytics).toHaveClass(/is-active/);

    await links.academy.click();
    await expect(page).toHaveURL(/\/prompt-academy$/);
    await expect(links.academy).toHaveClass(/is-active/);

    await page.goto('/prompt-academy/advanced/few-shot');
    await expect(links.academy).toHaveClass(/is-active/);
    await expect(links.library).not.toHaveClass(/is-active/);
  });

  test('the logo animates for one second after a click', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    const logo = page.getByRole('button', { name: 'Prompt Vault logo' });
    await expect(logo).not.toHaveClass(/is-animating/);
    await logo.click();
    await expect(logo).toHaveClass(/is-animating/);
    await expect(logo).not.toHaveClass(/is-animating/, { timeout: 2_000 });
  });

  test('the theme defaults to the system preference, toggles and is stored under theme', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await context.close();

    const light = await browser.newContext({ colorScheme: 'light' });
    const lightPage = await light.newPage();
    await lightPage.goto('/');
    await expect(lightPage.locator('html')).toHaveAttribute('data-theme', 'light');
    await light.close();
  });

  test('the sidebar collapses and expands; it starts collapsed on a phone', async ({ browser }) => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).not.toHaveClass(/is-collapsed/);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveClass(/is-collapsed/);
    // The collapsed rail still names every link.
    await expect(page.getByRole('link', { name: 'Prompt Library' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar).not.toHaveClass(/is-collapsed/);
    await desktop.close();

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const phonePage = await phone.newPage();
    await phonePage.goto('/');
    await expect(phonePage.getByRole('complementary', { name: 'Sidebar' })).toHaveClass(/is-collapsed/);
    await expect(phonePage.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await phone.close();
  });

  test('the footer has the donation link and the 2025 copyright line', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    const donate = page.getByRole('link', { name: /Support Prompt Vault/ });
    await expect(donate).toHaveAttribute('href', 'https://example.org/support-prompt-vault');
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('© 2025');
  });

  test("the cookie notice: 'Accept' stores the consent, 'Remind me Later' hides it without storing", async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Remind me Later' }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();

    await page.reload();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your AI Prompt Vault' })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test("the anonymous id 'user_' plus random is created once, kept in userId and sent as user-id", async ({ page }) => {
    await acceptCookies(page);
    const listRequest = page.waitForRequest((request) => request.url().includes('/api/prompts?'));
    await page.goto('/');
    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    expect(userId).toMatch(/^user_[A-Za-z0-9]{8,}$/);
    expect((await listRequest).headers()['user-id']).toBe(userId);

    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(userId);
  });
});
