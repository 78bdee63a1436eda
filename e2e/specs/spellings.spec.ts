import { expect, test } from '@playwright/test';
import { acceptCookies, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("the suggestion list offers 'GPT-4o' for 'gpt 4o', ignoring spaces and punctuation", async ({ page }) => {
  await page.goto('/submit');
  const model = page.getByRole('combobox', { name: 'Model' });
  await model.fill('gpt 4o');
  await expect(page.getByRole('option', { name: 'GPT-4o', exact: true })).toBeVisible();
  await expect(page.getByText('No matching models')).toHaveCount(0);
  const category = page.getByRole('combobox', { name: 'Category' });
  await category.fill('data-analysis');
  await expect(page.getByRole('option', { name: 'Data Analysis', exact: true })).toBeVisible();
});

test("sharing with 'writing' and 'gpt 4o' stores the library's 'Writing' and 'GPT-4o': no new filter value", async ({ page, request }) => {
  await page.goto('/submit');
  const title = `Spelled ${unique()}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Prompt' }).fill(`Spelling check ${unique()}.`);
  await page.getByRole('combobox', { name: 'Category' }).fill('writing');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt 4o');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share Prompt' }).last().click();
  await expect(page.getByText('Prompt submitted successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Open your prompt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The prompt's own badges, not those of the related prompts' cards below it.
  const badges = page.getByRole('article', { name: title }).getByRole('list', { name: 'Tags' }).first().getByRole('listitem');
  await expect(badges).toHaveText(['Category: Writing', 'Model: GPT-4o']);

  const facets = (await (await request.get('/api/facets')).json()) as { categories: { name: string }[]; models: { name: string }[] };
  expect(facets.categories.filter((c) => c.name.toLowerCase() === 'writing').map((c) => c.name)).toEqual(['Writing']);
  expect(facets.models.filter((m) => m.name.toLowerCase().replace(/[\s-]/g, '') === 'gpt4o').map((m) => m.name)).toEqual(['GPT-4o']);
});
