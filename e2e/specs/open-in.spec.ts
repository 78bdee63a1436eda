import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

/**
 * 'Open in' a chat app (issue 15, item 4): on a card and on the prompt's
 * page, a menu of links that open a new chat with the prompt typed in (on the
 * page, with its variables filled), each address exactly the app's prefix and
 * the encodeURIComponent'd text; an app whose address would be too long gets
 * a copy instead. Share uses the system share sheet where there is one. No
 * test leaves for the real chat apps: hrefs are read, and the one link
 * clicked lands on a stub.
 */

/** The apps and their new-chat addresses, written out here rather than imported, so a changed table fails. */
const APPS = [
  { name: 'ChatGPT', prefix: 'https://chatgpt.com/?q=' },
  { name: 'Claude', prefix: 'https://claude.ai/new?q=' },
  { name: 'Perplexity', prefix: 'https://www.perplexity.ai/search?q=' },
  { name: 'Mistral Le Chat', prefix: 'https://chat.mistral.ai/chat?q=' },
  { name: 'Grok', prefix: 'https://grok.com/?q=' },
] as const;

const TRICKY_TEXT = 'Plan a trip: "Rome & Paris" at 50%?\nThanks é #1';
/** TRICKY_TEXT encoded by hand, to check the encoding itself once and not only against encodeURIComponent. */
const TRICKY_ENCODED = 'Plan%20a%20trip%3A%20%22Rome%20%26%20Paris%22%20at%2050%25%3F%0AThanks%20%C3%A9%20%231';

/** 5,000 characters (the longest prompt the library takes), about 13,600 once encoded: too long for every app. */
const LONG_TEXT = 'Résumé '.repeat(715).slice(0, 5000);

const SHARE_CALLS = 'shareCalls';

test.beforeEach(async ({ page, context }) => {
  await acceptCookies(page);
  // Nothing reaches the real chat apps, whatever a test clicks.
  await context.route(/^https:\/\/(chatgpt\.com|claude\.ai|www\.perplexity\.ai|chat\.mistral\.ai|grok\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stub chat</title>' }),
  );
});

function withoutShareSheet(page: Page) {
  return page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
  });
}

/** A stand-in for the system share sheet that remembers what it was given. */
function withShareSheet(page: Page) {
  return page.addInitScript((key) => {
    const calls: unknown[] = [];
    (window as unknown as Record<string, unknown[]>)[key] = calls;
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  }, SHARE_CALLS);
}

function shareCalls(page: Page) {
  return page.evaluate((key) => (window as unknown as Record<string, unknown[]>)[key], SHARE_CALLS);
}

function openInButton(scope: Locator | Page, title: string) {
  return scope.getByRole('button', { name: `Open in a chat app: ${title}`, exact: true });
}

async function expectLinksFor(menu: Locator, text: string) {
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveCount(APPS.length);
  for (const [index, app] of APPS.entries()) {
    const item = items.nth(index);
    await expect(item).toHaveAccessibleName(`Open in ${app.name} (opens in a new tab)`);
    await expect(item).toHaveAttribute('href', `${app.prefix}${encodeURIComponent(text)}`);
    await expect(item).toHaveAttribute('target', '_blank');
    await expect(item).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

test('a card opens its menu from the keyboard, links to each app with the exact text, and gives focus back on Escape', async ({ page }) => {
  await withoutShareSheet(page);
  const title = unique('Open in card ');
  const prompt = await createPrompt(page.request, { title, prompt: TRICKY_TEXT });
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const promptCard = card(page, title);
  await expect(promptCard).toBeVisible();
  // No share sheet in this browser: no Share button on the card (its title links to the prompt).
  await expect(promptCard.getByRole('button', { name: /^Share/ })).toHaveCount(0);

  const button = openInButton(promptCard, title);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = promptCard.getByRole('menu', { name: 'Open in a chat app' });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expectLinksFor(menu, prompt.prompt);
  await expect(menu.getByRole('menuitem', { name: 'Open in ChatGPT (opens in a new tab)' })).toHaveAttribute(
    'href',
    `https://chatgpt.com/?q=${TRICKY_ENCODED}`,
  );

  // Focus starts on the first item; the arrows move it and wrap, Home and End jump.
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Arrow Up on the button opens the menu at its last item; Space opens it at the first.
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press(' ');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();

  // Enter on a link opens the new chat in a new tab; the menu closes and focus is back on its button.
  const popup = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const chat = await popup;
  expect(chat.url()).toBe(`https://chatgpt.com/?q=${TRICKY_ENCODED}`);
  await chat.close();
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the prompt page opens the text with its variables filled in', async ({ page }) => {
  const title = unique('Open in variables ');
  const prompt = await createPrompt(page.request, { title, prompt: 'Write a {{tone}} note to [recipient] about Q&A #1.' });
  await page.goto(`/prompts/${prompt._id}`);
  const article = page.getByRole('article', { name: title });
  const button = openInButton(article, title);

  // Before anything is filled, the prompt goes as written, placeholders and all.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = article.getByRole('menu', { name: 'Open in a chat app' });
  await expectLinksFor(menu, prompt.prompt);
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();

  const form = page.getByRole('region', { name: 'Fill in the variables' });
  await form.getByLabel('Tone').fill('warm & kind');
  await form.getByLabel('Recipient').fill('the team');
  const filled = 'Write a warm & kind note to the team about Q&A #1.';
  await expect(form.locator('.prompt-variables-preview')).toHaveText(filled);

  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expectLinksFor(menu, filled);
  await expect(menu.getByRole('menuitem', { name: 'Open in Claude (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://claude.ai/new?q=Write%20a%20warm%20%26%20kind%20note%20to%20the%20team%20about%20Q%26A%20%231.',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('a prompt too long for an address is copied instead, says so, and counts as a copy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = unique('Open in long ');
  const prompt = await createPrompt(page.request, { title, prompt: LONG_TEXT });
  expect([...prompt.prompt]).toHaveLength(5000);
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const promptCard = card(page, title);
  const button = openInButton(promptCard, title);
  await button.focus();
  await page.keyboard.press('Enter');

  const menu = promptCard.getByRole('menu', { name: 'Open in a chat app' });
  // Every app's item is a copy button now: no link carries the text.
  await expect(menu.getByRole('link')).toHaveCount(0);
  await expect(menu.getByRole('menuitem')).toHaveCount(APPS.length);
  for (const [index, app] of APPS.entries()) {
    await expect(menu.getByRole('menuitem').nth(index)).toHaveAccessibleName(`${app.name} Too long to open: copies the prompt`);
  }

  const recorded = page.waitForResponse((r) => r.url().endsWith(`/api/prompts/${prompt._id}/copy`) && r.request().method() === 'POST');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect((await recorded).status()).toBe(200);
  const message = 'Too long to open in Claude: the prompt was copied; paste it into a new chat.';
  await expect(promptCard.locator('.action-notice')).toHaveText(message);
  await expect(page.getByTestId('announcer')).toHaveText(message);
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG_TEXT);
});

test('Share hands the title, text and permalink to the system share sheet, on a card and on the prompt page', async ({ page }) => {
  await withShareSheet(page);
  const title = unique('Share sheet ');
  const prompt = await createPrompt(page.request, { title, prompt: 'Tell me about {{topic}} in plain words.' });

  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const url = new URL(`/prompts/${prompt._id}`, page.url()).href;
  await card(page, title)
    .getByRole('button', { name: `Share ${title}` })
    .click();
  await expect.poll(() => shareCalls(page)).toEqual([{ title, text: prompt.prompt, url }]);

  await page.goto(`/prompts/${prompt._id}`);
  await page.getByRole('region', { name: 'Fill in the variables' }).getByLabel('Topic').fill('tides');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect.poll(() => shareCalls(page)).toEqual([{ title, text: 'Tell me about tides in plain words.', url }]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open menus have no serious or critical axe violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    const title = unique(`Open in axe ${theme} `);
    const prompt = await createPrompt(page.request, { title, prompt: TRICKY_TEXT });
    const long = await createPrompt(page.request, { title: `${title} long`, prompt: LONG_TEXT });

    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const name of [title, long.title]) {
      const promptCard = page.getByRole('article', { name, exact: true });
      await openInButton(promptCard, name).click();
      await expect(promptCard.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, `.prompt-card:has(.open-in-menu)`);
      await page.keyboard.press('Escape');
    }

    await page.goto(`/prompts/${prompt._id}`);
    await openInButton(page, title).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousViolations(page, '.permalink-card');
  });
}

async function expectNoSeriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
