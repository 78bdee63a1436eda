import { expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';
import { holdRequests } from '../support/held-requests';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("the comments modal is its own chunk, titled by the prompt, shows 'Loading comments...' and then the notes", async ({
  page,
  request,
}) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  const posted = await request.post(`/api/comments/${prompt._id}`, { data: { text: 'First!', author: 'Ann' } });
  expect(posted.status()).toBe(201);
  await request.post(`/api/comments/${prompt._id}`, { data: { text: 'No name here' } });

  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/comments-modal')) chunks.push(r.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/comments/*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const commentsButton = card(page, prompt.title).getByRole('button', { name: `2 Notes on ${prompt.title}` });
  await expect(commentsButton).toHaveText('2 Notes');
  expect(chunks).toEqual([]);

  await commentsButton.click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await expect(dialog).toBeVisible();
  expect(chunks.length).toBe(1);
  await expect(dialog.getByText('Loading comments...')).toBeVisible();
  release();
  const comments = dialog.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  await expect(comments).toHaveCount(2);
  await expect(comments.nth(0)).toContainText('Ann');
  await expect(comments.nth(0)).toContainText('First!');
  await expect(comments.nth(0)).toContainText('just now');
  await expect(comments.nth(1)).toContainText('Anonymous');
  await expect(dialog.getByText('Loading comments...')).toHaveCount(0);
});

test('posting a note: required text, limits with counters, the new note in the list and the count refreshed on close', async ({
  page,
  request,
}) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const commentsButton = card(page, prompt.title).getByRole('button', { name: /Notes on/ });
  await expect(commentsButton).toHaveText('0 Notes');
  await commentsButton.click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await expect(dialog.getByText('No notes yet. Be the first to leave one.')).toBeVisible();

  const text = dialog.getByRole('textbox', { name: 'Your note' });
  const name = dialog.getByRole('textbox', { name: 'Your name (optional)' });
  await dialog.getByRole('button', { name: 'Post note' }).click();
  await expect(dialog.getByText('Please write a note before posting.')).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');

  await text.fill('x'.repeat(801));
  await expect(dialog.getByText('801/1000')).toBeVisible();
  await expect(dialog.getByText('Please write a note before posting.')).toHaveCount(0);
  await text.fill('x'.repeat(1001));
  await expect(dialog.getByText('Exceeds 1000 character limit')).toBeVisible();
  await expect(text).toHaveValue('x'.repeat(1001));
  await name.fill('n'.repeat(41));
  await expect(dialog.getByText('Exceeds 40 character limit')).toBeVisible();
  await dialog.getByRole('button', { name: 'Post note' }).click();
  await expect(dialog.getByText('Exceeds 1000 character limit')).toBeVisible();

  const commentText = `Works well for me ${unique()}`;
  await text.fill(commentText);
  await name.fill('Grace');
  await expect(dialog.getByText('Exceeds', { exact: false })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Post note' }).click();
  await expect(dialog.getByText('Your note was posted.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText(commentText);
  await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText('Grace');
  await expect(text).toHaveValue('');

  // Another visitor adds a note meanwhile: closing fetches the prompt again.
  await request.post(`/api/comments/${prompt._id}`, { data: { text: 'Meanwhile' } });
  const refreshed = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}`));
  await dialog.getByRole('button', { name: 'Close notes' }).click();
  await refreshed;
  await expect(dialog).toHaveCount(0);
  await expect(commentsButton).toHaveText('2 Notes');
});

test('a rate-limited note shows the wait time and keeps what was typed', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.route('**/api/comments/*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    return route.fulfill({
      status: 429,
      headers: { 'Retry-After': '42' },
      json: { error: 'RATE_LIMITED', message: 'Too many requests' },
    });
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title)
    .getByRole('button', { name: /Notes on/ })
    .click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await dialog.getByRole('textbox', { name: 'Your note' }).fill('Please keep me');
  await dialog.getByRole('textbox', { name: 'Your name (optional)' }).fill('Kim');
  await dialog.getByRole('button', { name: 'Post note' }).click();
  await expect(dialog.getByText("You're doing that too often. Try again in 42 seconds.")).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Your note' })).toHaveValue('Please keep me');
  await expect(dialog.getByRole('textbox', { name: 'Your name (optional)' })).toHaveValue('Kim');
});

test('the honeypot is hidden from people and from assistive technology', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title)
    .getByRole('button', { name: /Notes on/ })
    .click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  const honeypot = dialog.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(honeypot).not.toBeInViewport();
  expect(await honeypot.evaluate((node) => node.closest('[aria-hidden="true"]') !== null)).toBe(true);
  // Only the real fields are exposed.
  await expect(dialog.getByRole('textbox')).toHaveCount(2);
});

test('keyboard: the modal locks scrolling, traps focus, closes on Escape and returns focus to its opener', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const opener = card(page, prompt.title).getByRole('button', { name: /Notes on/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByText('No notes yet. Be the first to leave one.')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  // Focus starts inside, and 20 Tabs (more than the dialog's controls) never leave it.
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  // A note can be written and posted with the keyboard alone.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Focus starts on the close button, so the notes are read before the form.
  await expect(dialog.getByRole('button', { name: 'Close notes' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Your note' })).toBeFocused();
  await page.keyboard.type('Typed with keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard user');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Post note' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText('Typed with keys');
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  await expect(opener).toHaveText('1 Notes');
});

test("while the modal's chunk is still loading, the dialog already shows 'Loading comments...'", async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  const release = await holdRequests(page, '**/assets/comments-modal-*.js');
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const opener = card(page, prompt.title).getByRole('button', { name: /Notes on/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: prompt.title });
  await expect(dialog.getByRole('status')).toHaveText('Loading comments...');
  release();
  await expect(dialog.getByText('No notes yet. Be the first to leave one.')).toBeVisible();
  await expect(dialog).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
