import { expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

const LONG_TEXT = `${'Explain the idea step by step. '.repeat(12)}THE-END-MARKER`;

test("a card shows title, tags, a preview cut at 256 characters plus '...', and 'Read more' / 'Show less', one card at a time", async ({
  page,
  request,
}) => {
  const category = unique('Cat ');
  const one = await createPrompt(request, { category, model: 'Claude Sonnet 4', prompt: LONG_TEXT, title: `Long one ${unique()}` });
  const two = await createPrompt(request, { category, prompt: LONG_TEXT, title: `Long two ${unique()}` });
  const short = await createPrompt(request, { category, prompt: 'Short and sweet.', title: `Short ${unique()}` });
  await page.goto(`/?category=${encodeURIComponent(category)}`);

  const first = card(page, one.title);
  await expect(first.getByRole('heading', { name: one.title })).toBeVisible();
  await expect(first.getByRole('link', { name: one.title })).toHaveAttribute('href', `/prompts/${one._id}`);
  await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    `Category: ${category}`,
    'Model: Claude Sonnet 4',
  ]);
  const text = first.locator('.prompt-text');
  await expect(text).toHaveText(`${LONG_TEXT.slice(0, 256)}...`);

  await first.getByRole('button', { name: 'Read more' }).click();
  await expect(text).toHaveText(LONG_TEXT);
  await expect(first.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

  const second = card(page, two.title);
  await second.getByRole('button', { name: 'Read more' }).click();
  await expect(second.locator('.prompt-text')).toHaveText(LONG_TEXT);
  // Opening the second closed the first.
  await expect(text).toHaveText(`${LONG_TEXT.slice(0, 256)}...`);
  await expect(first.getByRole('button', { name: 'Read more' })).toBeVisible();

  await second.getByRole('button', { name: 'Show less' }).click();
  await expect(second.locator('.prompt-text')).toHaveText(`${LONG_TEXT.slice(0, 256)}...`);

  const shortCard = card(page, short.title);
  await expect(shortCard.locator('.prompt-text')).toHaveText('Short and sweet.');
  await expect(shortCard.getByRole('button', { name: 'Read more' })).toHaveCount(0);
});

test("like: '{n} Likes' changes at once, the animation restarts on every click, and unlike takes it back", async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const like = card(page, prompt.title).getByRole('button', { name: /Likes, like/ });
  await expect(like).toHaveText('0 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  const liked = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}/like`));
  await like.click();
  await expect(like).toHaveText('1 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const body = (await liked).request().postDataJSON() as { liked: boolean };
  expect(body).toEqual({ liked: true });
  const icon = like.locator('.like-icon');
  await expect(icon).toHaveClass(/is-popping/);
  const firstIcon = await icon.elementHandle();

  await like.click();
  await expect(like).toHaveText('0 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAttribute('data-clicks', '2');
  // A new icon element: its CSS animation starts over.
  const secondIcon = await icon.elementHandle();
  expect(await secondIcon?.evaluate((node, old) => node !== old, firstIcon)).toBe(true);
  await expect(icon).toHaveClass(/is-popping/);
  expect(await icon.evaluate((node) => getComputedStyle(node).animationName)).toBe('like-pop');

  // The server agrees after a reload.
  const third = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}/like`));
  await like.click();
  await expect(like).toHaveText('1 Likes');
  await third;
  await page.reload();
  await expect(card(page, prompt.title).getByRole('button', { name: /Likes, like/ })).toHaveText('1 Likes');
});

test('a failed like is reverted and only logged', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/prompts/*/like', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'Something went wrong' } });
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const like = card(page, prompt.title).getByRole('button', { name: /Likes, like/ });
  await like.click();
  // Optimistic: the count moved before the server answered.
  await expect(like).toHaveText('1 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(like).toHaveText('0 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("Copy writes the prompt to the clipboard, shows 'Copied!' for 2 seconds and records the copy", async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prompt = await createPrompt(request, { category: unique('Cat '), prompt: `Copy me ${unique()}` });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  const target = card(page, prompt.title);
  const recorded = page.waitForRequest((r) => r.url().endsWith(`/api/prompts/${prompt._id}/copy`) && r.method() === 'POST');
  const copy = target.getByRole('button', { name: `Copy ${prompt.title}` });
  await copy.click();
  await expect(copy).toHaveText('Copied!');
  // Announced: the label sits in a polite live region.
  await expect(copy.locator('[aria-live="polite"]')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt.prompt);
  expect((await recorded).headers()['user-id']).toBe(userId);
  await expect(copy).toHaveText('Copy', { timeout: 3_000 });
  const started = Date.now();
  await copy.click();
  await expect(copy).toHaveText('Copied!');
  await expect(copy).toHaveText('Copy', { timeout: 3_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
});

test('a failed copy record stays silent', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.route('**/api/prompts/*/copy', (route) => route.fulfill({ status: 500, body: '' }));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title)
    .getByRole('button', { name: `Copy ${prompt.title}` })
    .click();
  await expect(card(page, prompt.title).getByRole('button', { name: `Copy ${prompt.title}` })).toHaveText('Copied!');
  expect(dialogs).toEqual([]);
});

test('when the clipboard refuses, the spec alert shows and no copy is recorded', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  const copies: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/copy')) copies.push(r.url());
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await card(page, prompt.title)
    .getByRole('button', { name: `Copy ${prompt.title}` })
    .click();
  await expect.poll(() => alerts).toEqual(['alert: Failed to copy to clipboard. Please try again.']);
  await expect(card(page, prompt.title).getByRole('button', { name: `Copy ${prompt.title}` })).toHaveText('Copy');
  expect(copies).toEqual([]);
});

test('the title links to the permalink page', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title).getByRole('link', { name: prompt.title }).click();
  await expect(page).toHaveURL(`/prompts/${prompt._id}`);
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
});
