import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

test.beforeEach(async ({ page, context }) => {
  await acceptCookies(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

/** The server's answers, injected: the e2e server runs without rate limits and its database never fails. */
function refuse(page: Page, path: string, status: 429 | 503) {
  return page.route(`**${path}`, (route) =>
    route.fulfill({
      status,
      headers: status === 429 ? { 'Retry-After': '30' } : {},
      json:
        status === 429
          ? { error: 'RATE_LIMITED', message: 'Too many requests' }
          : { error: 'DATABASE_UNAVAILABLE', message: 'Unavailable' },
    }),
  );
}

const RATE_LIMITED = "You're doing that too often. Try again in 30 seconds.";
const BUSY = 'The library is busy right now. Please try again in a moment.';

test('a refused like (429) says so on the card and to screen readers, and the count stays true', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Refused ') });
  await request.post(`/api/prompts/${prompt._id}/like`, { headers: { 'user-id': `user_${unique()}x` }, data: { liked: true } });
  await refuse(page, `/api/prompts/${prompt._id}/like`, 429);
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const promptCard = card(page, prompt.title);
  const like = promptCard.getByRole('button', { name: /Likes, like/ });
  await expect(like).toHaveText('1 Likes');

  await like.click();
  const message = `Like not saved. ${RATE_LIMITED}`;
  await expect(promptCard.getByText(message)).toBeVisible();
  await expect(page.getByTestId('announcer')).toHaveText(message);
  await expect(like).toHaveText('1 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('two quick clicks that are both refused leave the heart and the count as the server has them', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Refused ') });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/prompts/${prompt._id}/like`, async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { error: 'DATABASE_UNAVAILABLE', message: 'Unavailable' } });
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const like = card(page, prompt.title).getByRole('button', { name: /Likes, like/ });
  await expect(like).toHaveText('0 Likes');
  await like.click();
  await expect(like).toHaveText('1 Likes');
  await like.click();
  await expect(like).toHaveText('0 Likes');
  release();
  await expect(card(page, prompt.title).getByText(`Like not saved. ${BUSY}`)).toBeVisible();
  await expect(like).toHaveText('0 Likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('a refused like on the prompt page says so too', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  await refuse(page, `/api/prompts/${prompt._id}/like`, 503);
  await page.goto(`/prompts/${prompt._id}`);
  const article = page.getByRole('article', { name: prompt.title });
  await article.getByRole('button', { name: /Likes, like/ }).click();
  await expect(article.getByText(`Like not saved. ${BUSY}`)).toBeVisible();
  await expect(article.getByRole('button', { name: /Likes, like/ })).toHaveText('0 Likes');
});

test('a copy the server refuses to count is still copied, and says it was not counted', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Refused ') });
  await refuse(page, `/api/prompts/${prompt._id}/copy`, 429);
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const promptCard = card(page, prompt.title);
  await promptCard.getByRole('button', { name: `Copy ${prompt.title}` }).click();
  await expect(promptCard.getByRole('button', { name: `Copy ${prompt.title}` })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt.prompt);
  const message = `Copied, but not counted. ${RATE_LIMITED}`;
  await expect(promptCard.getByText(message)).toBeVisible();
  await expect(page.getByTestId('announcer')).toHaveText(message);
});

test('a copy refused on the leaderboard says it was not counted and keeps the count', async ({ page }) => {
  await page.goto('/analytics');
  const row = page.getByTestId('leaderboard-row').first();
  const count = await row.getByTestId('copy-count').textContent();
  // The title links to the prompt's page, which names its id.
  const href = (await row.getByRole('link').getAttribute('href')) ?? '';
  await refuse(page, `/api/prompts/${href.split('/').at(-1)}/copy`, 503);
  await row.getByRole('button').first().click();
  await page.getByRole('button', { name: 'Copy Prompt' }).click();
  await expect(page.getByTestId('leaderboard-details').getByText('Copied!')).toBeVisible();
  await expect(page.getByTestId('leaderboard-details').getByText(`Copied, but not counted. ${BUSY}`)).toBeVisible();
  await expect(row.getByTestId('copy-count')).toHaveText(count ?? '');
});
