import { expect, test } from '@playwright/test';

test('the built app loads / and shows the sidebar with its four links', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  const nav = sidebar.getByRole('navigation', { name: 'Main' });
  for (const name of ['Prompt Library', 'Share Prompt', 'Insights', 'Prompt Academy']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Prompt Library' })).toHaveClass(/is-active/);
  await expect(sidebar.getByText('© 2025', { exact: false })).toBeVisible();
  expect(errors).toEqual([]);
});

test('client routes are served by the SPA fallback and unknown API paths are JSON 404s', async ({ page, request }) => {
  await page.goto('/prompt-academy/beginner/understanding');
  await expect(page.getByRole('link', { name: 'Prompt Academy' })).toHaveClass(/is-active/);
  const api = await request.get('/api/nothing-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: 'NOT_FOUND' });
});

test('the server writes the configured contact and donation settings into the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Support Prompt Vault/ })).toHaveAttribute(
    'href',
    'https://example.org/support-prompt-vault',
  );
});
