import { expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

const TEXT =
  'Build a formula in [Excel / Google Sheets] for {{target_audience}}. The data: [describe columns and ranges]. ' +
  'Negotiate [base salary, bonus, equity, benefits, start date]. Keep arr[i], a[0], [1] and [the docs](https://example.com) as they are.';
const PLACEHOLDERS = [
  '[Excel / Google Sheets]',
  '{{target_audience}}',
  '[describe columns and ranges]',
  '[base salary, bonus, equity, benefits, start date]',
];

test('before anything is filled the prompt shows once; the filled version appears once a variable has a value', async ({
  page,
  request,
}) => {
  const prompt = await createPrompt(request, { prompt: TEXT });
  await page.goto(`/prompts/${prompt._id}`);
  const form = page.getByRole('region', { name: 'Fill in the variables' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your prompt' })).toHaveCount(0);
  await expect(page.getByText('Negotiate', { exact: false })).toHaveCount(1);

  await form.getByRole('textbox', { name: 'Excel / Google Sheets' }).fill('Google Sheets');
  await expect(page.getByRole('heading', { name: 'Your prompt' })).toBeVisible();
  await expect(form.locator('.prompt-variables-preview')).toContainText('Build a formula in Google Sheets for {{target_audience}}.');
  await form.getByRole('textbox', { name: 'Excel / Google Sheets' }).fill('   ');
  await expect(page.getByRole('heading', { name: 'Your prompt' })).toHaveCount(0);
});

test('variables are labelled readably, with inputs as wide as the form', async ({ page, request }) => {
  const prompt = await createPrompt(request, { prompt: TEXT });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/prompts/${prompt._id}`);
  const form = page.getByRole('region', { name: 'Fill in the variables' });
  await expect(form.locator('label')).toHaveText([
    'Excel / Google Sheets',
    'Target audience',
    'Describe columns and ranges',
    'Base salary, bonus, equity, benefits, start date',
  ]);
  const formBox = await form.locator('form').boundingBox();
  for (const input of await form.getByRole('textbox').all()) {
    const box = await input.boundingBox();
    expect((box?.width ?? 0) / (formBox?.width ?? 1)).toBeGreaterThan(0.95);
  }
});

test('the prompt page says when the prompt was shared', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  const { createdAt } = (await (await request.get(`/api/prompts/${prompt._id}`)).json()) as { createdAt: string };
  await page.goto(`/prompts/${prompt._id}`);
  const shared = page.getByRole('article', { name: prompt.title }).locator(`time[datetime="${createdAt}"]`);
  await expect(shared).toBeVisible();
  await expect(page.getByRole('article', { name: prompt.title }).getByText(/^Shared just now$/)).toBeVisible();
});

test('one placeholder rule for the card, the page and the fill-in form', async ({ page, request }) => {
  const prompt = await createPrompt(request, { prompt: TEXT, category: unique('Rule ') });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const marks = card(page, prompt.title).locator('mark.prompt-variable');
  await expect(marks).toHaveText(PLACEHOLDERS);

  await page.goto(`/prompts/${prompt._id}`);
  await expect(page.locator('.permalink-text mark.prompt-variable')).toHaveText(PLACEHOLDERS);
  const form = page.getByRole('region', { name: 'Fill in the variables' });
  await expect(form.getByRole('textbox')).toHaveCount(PLACEHOLDERS.length);
});
