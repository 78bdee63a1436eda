import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { uniqueToken } from '../support/unique';

/**
 * The Share Prompt form filled in from its address (`/submit?title=&prompt=&category=&model=`),
 * as the Academy's 'Try it' buttons open it: every value checked against the
 * same limits as typed input, and nothing sent until the visitor presses Share Prompt.
 */

const PREFILLED_NOTE = 'This form was filled in from a link. Check it and complete it; nothing is shared until you press Share Prompt.';

function form(page: Page) {
  return {
    title: page.getByRole('textbox', { name: 'Title', exact: true }),
    prompt: page.getByRole('textbox', { name: 'Prompt', exact: true }),
    category: page.getByRole('combobox', { name: 'Category' }),
    model: page.getByRole('combobox', { name: 'Model' }),
    submit: page.getByRole('button', { name: /Share Prompt|Submitting\.\.\./ }).last(),
  };
}

const submitUrl = (values: Record<string, string>) => `/submit?${new URLSearchParams(values).toString()}`;

/** Every POST of a prompt the page makes, so a test can prove none was sent. */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/prompts') posts.push(request.url());
  });
  return posts;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('fills the four fields from the address, says so, and sends nothing by itself', async ({ page }) => {
  const posts = watchPosts(page);
  const token = uniqueToken();
  const prompt = `Summarize the notes below for {{audience}}.\n\nNotes:\n"""\n[notes]\n"""\n(${token})`;
  await page.goto(submitUrl({ title: `Prefilled ${token}`, prompt, category: 'Writing', model: 'GPT-4o' }));

  const f = form(page);
  await expect(f.title).toHaveValue(`Prefilled ${token}`);
  await expect(f.prompt).toHaveValue(prompt);
  await expect(f.category).toHaveValue('Writing');
  await expect(f.model).toHaveValue('GPT-4o');
  await expect(page.getByRole('note')).toHaveText(PREFILLED_NOTE);
  // No error, no limits banner: every value is within its limit.
  await expect(page.getByTestId('limits-banner')).toHaveCount(0);

  await page.waitForLoadState('networkidle');
  expect(posts).toEqual([]);

  // Shared only when asked; then the link's values leave the address, so a reload cannot refill the form.
  await f.submit.click();
  await expect(page.getByText('Prompt submitted successfully!')).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(page).toHaveURL(/\/submit$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(f.title).toHaveValue('');
  await page.reload();
  await expect(f.title).toHaveValue('');
});

test('flags a value over its limit with the usual message, keeping it whole, and refuses to send it', async ({ page }) => {
  const posts = watchPosts(page);
  const title = `${'Too long a title for the form '.repeat(2)}${uniqueToken()}`;
  expect(title.length).toBeGreaterThan(50);
  await page.goto(submitUrl({ title, prompt: 'A fine prompt.', category: 'Writing' }));

  const f = form(page);
  await expect(f.title).toHaveValue(title);
  await expect(page.getByText('Exceeds 50 character limit')).toBeVisible();
  await expect(f.title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('limits-banner')).toHaveText('Character limits: Title 50, Prompt 5000, Category 25, Model 25.');
  await expect(page.getByTestId('title-counter')).toHaveText(`${title.length}/50`);

  await f.submit.click();
  await expect(page.getByText('Please fix the highlighted fields before submitting.')).toBeVisible();
  await expect(f.title).toBeFocused();
  expect(posts).toEqual([]);
});

test('leaves fields the link does not give empty, ignores unknown parameters, and shows no note without values', async ({ page }) => {
  await page.goto(submitUrl({ prompt: 'Only a prompt.', model: '   ', colour: 'blue' }));
  const f = form(page);
  await expect(f.prompt).toHaveValue('Only a prompt.');
  await expect(f.title).toHaveValue('');
  await expect(f.category).toHaveValue('');
  await expect(f.model).toHaveValue('');
  await expect(page.getByRole('note')).toHaveText(PREFILLED_NOTE);

  await page.goto('/submit?colour=blue');
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(f.prompt).toHaveValue('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the prefilled form has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto(submitUrl({ title: 'x'.repeat(60), prompt: 'A prompt.', category: 'Writing' }));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.getByText('Exceeds 50 character limit')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}
