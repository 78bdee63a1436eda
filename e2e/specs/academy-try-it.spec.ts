import { type Page, expect, test } from '@playwright/test';
import { ACADEMY, ACADEMY_LESSONS } from '../support/academy';
import { variableLabel } from '@prompt-vault/shared/prompt-variables';

/**
 * Every lesson's 'Try it' button opens something real (issue 14): the Share
 * Prompt form filled in with one of the lesson's own Better prompts, nothing
 * sent; or a library search the sample data answers, whose results show what
 * the button promises.
 */

const A = ACADEMY;
const LESSONS = ACADEMY_LESSONS;

/** A placeholder such as {{audience}}: a search for one promises prompts with that variable. */
const VARIABLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

async function expectShareForm(page: Page, betterPrompts: readonly string[]) {
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('filled in from a link');
  const prompt = await page.getByRole('textbox', { name: 'Prompt', exact: true }).inputValue();
  expect(betterPrompts).toContain(prompt);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Category' })).not.toHaveValue('');
  // The learner names the model they tried it with.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('');
  // Every value fits its limit: no field error and no limits banner.
  await expect(page.getByTestId('limits-banner')).toHaveCount(0);
  await expect(page.getByText(/Exceeds \d+ character limit/)).toHaveCount(0);
}

async function expectSearchResults(page: Page, query: string) {
  await expect(page.getByRole('searchbox').or(page.getByPlaceholder('Search by title or content'))).toHaveValue(query);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // Every result really contains what was searched for (the server's own answer, read through the API).
  const results = (await (await page.request.get(`/api/prompts?q=${encodeURIComponent(query)}`)).json()) as {
    title: string;
    prompt: string;
    _id: string;
  }[];
  expect(results.length).toBeGreaterThan(0);
  for (const result of results) expect(`${result.title}\n${result.prompt}`.toLowerCase()).toContain(query.toLowerCase());
  await expect(cards).toHaveCount(results.length);

  const variable = VARIABLE.exec(query)?.[1];
  if (variable !== undefined) {
    // The promise: prompts with that variable, which the fill-in form on a prompt's page offers as a field.
    const first = results[0];
    await page.goto(`/prompts/${first?._id}`);
    const form = page.getByRole('region', { name: 'Fill in the variables' });
    // The field is labelled as the form labels every variable (readably: 'Audience' for {{audience}}).
    const field = form.getByLabel(variableLabel(variable), { exact: true });
    await expect(field).toBeVisible();
    await field.fill('first-time managers');
    await expect(form.locator('.prompt-variables-preview')).toContainText('first-time managers');
  }
}

for (const lesson of LESSONS) {
  test(`${lesson}: Try it opens what it promises`, async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/prompts') posts.push(request.url());
    });
    await page.goto(`${A}/${lesson}`);
    // The lesson's own Better prompts, as the page shows them (not the exercises' model answers),
    // once its body (a chunk of its own) has loaded.
    const better = page.locator('.academy-prose > .copyable-block-better:not(.copyable-messages) pre');
    await expect(better.first()).toBeVisible();
    const betterPrompts = await better.allInnerTexts();
    const button = page.getByRole('link', { name: /^Try it/ });
    await expect(button).toHaveCount(1);
    await expect(button).toHaveClass(/button/);
    await button.click();

    const url = new URL(page.url());
    if (url.pathname === '/submit') {
      await expectShareForm(page, betterPrompts);
      await page.waitForLoadState('networkidle');
      expect(posts).toEqual([]);
    } else {
      expect(url.pathname).toBe('/');
      await expectSearchResults(page, url.searchParams.get('q') ?? '');
    }
  });
}
