import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/** Where focus is: 'body', or the closest landmark or dialog and the element's text. */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const container = element.closest('dialog')
      ? 'dialog'
      : element.closest('main')
        ? 'main'
        : element.closest('aside')
          ? 'sidebar'
          : 'other';
    return `${container}: ${element.tagName.toLowerCase()}`;
  });
}

test('after posting a note in the modal, focus stays in the dialog and Tab moves within it', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Focus ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title)
    .getByRole('button', { name: /Notes on/ })
    .click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await dialog.getByRole('textbox', { name: 'Your note' }).fill(`Posted from the keyboard ${unique()}`);
  await dialog.getByRole('button', { name: 'Post note' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Your note was posted.')).toBeVisible();
  expect(await focusPlace(page)).toMatch(/^dialog: /);
  const before = await page.evaluate(() => document.activeElement?.outerHTML);
  await page.keyboard.press('Tab');
  expect(await focusPlace(page)).toMatch(/^dialog: /);
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).not.toBe(before);
});

test('after posting a note on the prompt page, focus stays in the notes', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  await page.goto(`/prompts/${prompt._id}`);
  const comments = page.getByRole('region', { name: /Notes/ });
  await comments.getByRole('textbox', { name: 'Your note' }).fill(`Permalink note ${unique()}`);
  await comments.getByRole('button', { name: 'Post note' }).focus();
  await page.keyboard.press('Enter');
  await expect(comments.getByText('Your note was posted.')).toBeVisible();
  expect(await focusPlace(page)).toMatch(/^main: /);
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.permalink-comments')))).toBe(true);
});

const ROUTES = [
  { link: 'Share Prompt', heading: 'Share your Prompts', title: 'Share Prompt · Prompt Vault' },
  { link: 'Insights', heading: 'Insights Dashboard', title: 'Insights · Prompt Vault' },
  { link: 'Prompt Academy', heading: 'Prompt Academy', title: 'Prompt Academy · Prompt Vault' },
  { link: 'Prompt Library', heading: 'Your AI Prompt Vault', title: 'Prompt Library · Prompt Vault' },
] as const;

test("sidebar navigation moves focus to the new page's main heading and announces its title", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Prompt Library · Prompt Vault');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const announcer = page.getByTestId('announcer');
  for (const route of ROUTES) {
    await nav.getByRole('link', { name: route.link }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeFocused();
    await expect(page).toHaveTitle(route.title);
    await expect(announcer).toHaveText(route.title);
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
  }
});

test('every route has its own document title with the site name', async ({ page, request }) => {
  const prompt = await createPrompt(request, { title: `Titled ${unique()}` });
  const titles: [string, string][] = [
    ['/', 'Prompt Library · Prompt Vault'],
    ['/submit', 'Share Prompt · Prompt Vault'],
    ['/analytics', 'Insights · Prompt Vault'],
    ['/prompt-academy', 'Prompt Academy · Prompt Vault'],
    [`/prompts/${prompt._id}`, `${prompt.title} · Prompt Vault`],
    ['/no-such-page', 'Page not found · Prompt Vault'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // Opening a page directly leaves focus where the browser puts it, not on the heading.
  await page.goto('/submit');
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).not.toBeFocused();
});
