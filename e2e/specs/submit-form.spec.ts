import { type Page, expect, test } from '@playwright/test';
import { uniqueToken } from '../support/unique';
import { holdRequests } from '../support/held-requests';

const MESSAGES = {
  fillRequired: 'Please fill in all required fields.',
  fixFields: 'Please fix the highlighted fields before submitting.',
  success: 'Prompt submitted successfully!',
  httpFailure: 'Failed to share prompt. Please try again.',
  networkFailure: 'An error occurred. Please check your connection and try again.',
  limitsBanner: 'Character limits: Title 50, Prompt 5000, Category 25, Model 25.',
};

function form(page: Page) {
  return {
    title: page.getByRole('textbox', { name: 'Title', exact: true }),
    prompt: page.getByRole('textbox', { name: 'Prompt', exact: true }),
    category: page.getByRole('combobox', { name: 'Category' }),
    model: page.getByRole('combobox', { name: 'Model' }),
    submit: page.getByRole('button', { name: /Share Prompt|Submitting\.\.\./ }).last(),
  };
}

async function fillValid(page: Page, token: string) {
  const f = form(page);
  await f.title.fill(`Share test ${token}`);
  await f.prompt.fill(`Write a haiku about {{topic}} (${token}).`);
  await f.category.fill(`Cat ${token}`);
  await f.model.fill('GPT-4o');
  await f.model.press('Escape');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('shows the title, the academy link, four labelled required fields, the variables hint and a hidden honeypot', async ({ page }) => {
  await page.goto('/submit');
  await expect(page.getByRole('heading', { level: 1, name: 'Share your Prompts' })).toBeVisible();
  const f = form(page);
  for (const field of [f.title, f.prompt, f.category, f.model]) {
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('aria-required', 'true');
  }
  await expect(f.prompt).toHaveAttribute('rows', '6');
  await expect(f.prompt.evaluate((el) => el.tagName)).resolves.toBe('TEXTAREA');
  await expect(
    page.getByText('Tip: placeholders written as {{name}} or [name] can be filled in by people who use the prompt.'),
  ).toBeVisible();
  await expect(f.submit).toHaveText('Share Prompt');

  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(honeypot.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(1);
  await expect(honeypot).not.toBeInViewport();

  await page.getByRole('link', { name: 'Improve your prompts' }).click();
  await expect(page).toHaveURL(/\/prompt-academy$/);
});

test('asks for every required field and highlights the empty ones', async ({ page }) => {
  await page.goto('/submit');
  const f = form(page);
  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fillRequired);
  for (const field of [f.title, f.prompt, f.category, f.model]) await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(f.title).toBeFocused();

  await f.title.fill('Only a title');
  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fillRequired);
  await expect(f.title).toHaveAttribute('aria-invalid', 'false');
  await expect(f.prompt).toBeFocused();
});

test('title: counter past 80%, exact limit accepted, one over flagged and never truncated', async ({ page }) => {
  await page.goto('/submit');
  const f = form(page);
  const counter = page.getByTestId('title-counter');
  const error = page.getByText('Exceeds 50 character limit');
  const banner = page.getByText(MESSAGES.limitsBanner);

  await f.title.fill('a'.repeat(40));
  await expect(counter).toBeHidden();
  await f.title.fill('a'.repeat(41));
  await expect(counter).toBeVisible();
  await expect(counter).toHaveText('41/50');
  await expect(counter).not.toHaveClass(/is-over/);

  await f.title.fill('a'.repeat(50));
  await expect(counter).toHaveText('50/50');
  await expect(error).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(f.title).toHaveAttribute('aria-invalid', 'false');

  await f.title.fill('a'.repeat(51));
  await expect(counter).toHaveText('51/50');
  await expect(counter).toHaveClass(/is-over/);
  await expect(error).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(f.title).toHaveAttribute('aria-invalid', 'true');
  await expect(f.title).toHaveValue('a'.repeat(51));

  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fixFields);

  await f.title.press('Backspace');
  await expect(error).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(counter).toHaveText('50/50');
});

test('an emoji counts as one character', async ({ page }) => {
  await page.goto('/submit');
  const f = form(page);
  const counter = page.getByTestId('title-counter');
  await f.title.fill('😀'.repeat(50));
  await expect(counter).toHaveText('50/50');
  await expect(page.getByText('Exceeds 50 character limit')).toBeHidden();
  await f.title.fill('😀'.repeat(51));
  await expect(counter).toHaveText('51/50');
  await expect(page.getByText('Exceeds 50 character limit')).toBeVisible();
});

test('prompt, category and model limits: at the limit fine, one over flagged', async ({ page }) => {
  await page.goto('/submit');
  const f = form(page);
  const cases = [
    { field: f.prompt, key: 'prompt', limit: 5000 },
    { field: f.category, key: 'category', limit: 25 },
    { field: f.model, key: 'model', limit: 25 },
  ];
  for (const { field, key, limit } of cases) {
    const counter = page.getByTestId(`${key}-counter`);
    const error = page.getByText(`Exceeds ${limit} character limit`);
    await field.fill('b'.repeat(Math.floor(limit * 0.8)));
    await expect(counter).toBeHidden();
    await field.fill('b'.repeat(limit));
    await expect(counter).toHaveText(`${limit}/${limit}`);
    await expect(error).toBeHidden();
    await field.fill('b'.repeat(limit + 1));
    await expect(counter).toHaveText(`${limit + 1}/${limit}`);
    await expect(counter).toHaveClass(/is-over/);
    await expect(error).toBeVisible();
    await expect(page.getByText(MESSAGES.limitsBanner)).toBeVisible();
    await expect(field).toHaveValue('b'.repeat(limit + 1));
    await field.fill('');
    await field.press('Escape');
    await expect(error).toBeHidden();
  }
});

test.describe('suggestion comboboxes', () => {
  test("show 'Loading suggestions...' while the facets load", async ({ page }) => {
    const release = await holdRequests(page, '**/api/facets');
    await page.goto('/submit');
    const category = form(page).category;
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('listbox', { name: 'Category suggestions' })).toContainText('Loading suggestions...');
    release();
    await expect(page.getByRole('option', { name: 'Writing', exact: true })).toBeVisible();
  });

  test('filter the distinct library values by a case-insensitive substring, and say when nothing matches', async ({ page, request }) => {
    const token = uniqueToken();
    for (const category of [`Zq${token} Alpha`, `zq${token} beta`]) {
      const response = await request.post('/api/prompts', {
        data: { title: `Facet ${category}`, prompt: `Prompt for ${category}`, category, model: `Mq${token}` },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/submit');
    const { category, model } = form(page);
    await category.fill(`ZQ${token.toUpperCase()}`);
    const list = page.getByRole('listbox', { name: 'Category suggestions' });
    await expect(list.getByRole('option')).toHaveText([`Zq${token} Alpha`, `zq${token} beta`]);
    await category.fill(`${token} BET`);
    await expect(list.getByRole('option')).toHaveText([`zq${token} beta`]);
    await category.fill(`nothing-${token}`);
    await expect(list).toContainText('No matching categories');

    await model.fill(`mq${token}`);
    const models = page.getByRole('listbox', { name: 'Model suggestions' });
    await expect(models.getByRole('option')).toHaveText([`Mq${token}`]);
    await model.fill(`nothing-${token}`);
    await expect(models).toContainText('No matching models');
  });

  test('a click on a suggestion fills the field and closes the list; a click outside closes it', async ({ page }) => {
    await page.goto('/submit');
    const { category, model } = form(page);
    await category.fill('writ');
    await page.getByRole('option', { name: 'Writing', exact: true }).click();
    await expect(category).toHaveValue('Writing');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('listbox', { name: 'Category suggestions' })).toBeHidden();

    await model.click();
    await expect(model).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(model).toHaveAttribute('aria-expanded', 'false');
  });

  test('are keyboard operable: arrows move, Enter picks, Escape closes (WAI-ARIA combobox)', async ({ page, request }) => {
    const token = uniqueToken();
    for (const suffix of ['one', 'two', 'three']) {
      const category = `Kb${token} ${suffix}`;
      const response = await request.post('/api/prompts', {
        data: { title: `Keys ${category}`, prompt: `Prompt for ${category}`, category, model: 'GPT-4o' },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/submit');
    const { category } = form(page);
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    const listId = await category.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    await expect(page.locator(`[id="${listId}"]`)).toHaveAttribute('role', 'listbox');

    await category.fill(`kb${token}`);
    const options = page.getByRole('listbox', { name: 'Category suggestions' }).getByRole('option');
    const names = [`Kb${token} one`, `Kb${token} three`, `Kb${token} two`];
    await expect(options).toHaveText(names);
    await expect(category).not.toHaveAttribute('aria-activedescendant');

    await category.press('ArrowDown');
    const first = options.nth(0);
    await expect(category).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'missing');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await category.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await category.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await category.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await category.press('ArrowDown');

    await category.press('Enter');
    await expect(category).toHaveValue(names[0] ?? 'missing');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    // Enter on a picked suggestion does not submit the form.
    await expect(page.getByRole('alert')).toHaveCount(0);

    await category.press('ArrowDown');
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await category.press('Escape');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(category).toHaveValue(names[0] ?? 'missing');
  });
});

test('Enter in a combobox with no highlighted suggestion closes the list and submits the form', async ({ page }) => {
  await page.goto('/submit');
  const { category } = form(page);
  await category.fill('Writ');
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await category.press('Enter');
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await expect(category).toHaveValue('Writ');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fillRequired);
});

test('a successful share shows the notice for 5 seconds, clears the form, links to the prompt and refreshes the suggestions', async ({
  page,
}) => {
  const token = uniqueToken();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/prompts', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.goto('/submit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fillValid(page, token);
  const f = form(page);
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/prompts') && request.method() === 'POST');
  await f.submit.click();
  await expect(f.submit).toHaveText('Submitting...');
  await expect(f.submit).toBeDisabled();
  const body = (await posted).postDataJSON();
  expect(body).toEqual({
    title: `Share test ${token}`,
    prompt: `Write a haiku about {{topic}} (${token}).`,
    category: `Cat ${token}`,
    model: 'GPT-4o',
    website: '',
  });
  const created = page.waitForResponse((response) => response.url().endsWith('/api/prompts') && response.status() === 201);
  release();
  const prompt = await (await created).json();

  const notice = page.getByRole('status').filter({ hasText: MESSAGES.success });
  await expect(notice).toBeVisible();
  const shownAt = Date.now();
  await expect(notice.getByRole('link', { name: 'Open your prompt' })).toHaveAttribute('href', `/prompts/${prompt._id}`);
  await expect(f.submit).toHaveText('Share Prompt');
  await expect(f.submit).toBeEnabled();
  for (const field of [f.title, f.prompt, f.category, f.model]) await expect(field).toHaveValue('');

  // The cached facets were invalidated: the new category is a suggestion without a reload.
  await f.category.fill(`cat ${token}`);
  await expect(page.getByRole('option', { name: `Cat ${token}` })).toBeVisible();
  await f.category.fill('');
  await f.category.press('Escape');

  // 5 seconds (SUCCESS_NOTICE_MS), with room for a busy machine on either side.
  await expect(notice).toBeHidden({ timeout: 8_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThanOrEqual(4_000);
  expect(shownFor).toBeLessThan(7_500);
});

test('the success link opens the new prompt', async ({ page }) => {
  const token = uniqueToken();
  await page.goto('/submit');
  await fillValid(page, token);
  await form(page).submit.click();
  const link = page.getByRole('link', { name: 'Open your prompt' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("an HTTP failure says so, shows the server's field messages and keeps what was typed", async ({ page }) => {
  const token = uniqueToken();
  await page.route('**/api/prompts', (route) =>
    route.fulfill({
      status: 400,
      json: { error: 'VALIDATION_FAILED', message: 'Invalid input', fields: { model: 'Model is not allowed here' } },
    }),
  );
  await page.goto('/submit');
  await fillValid(page, token);
  const f = form(page);
  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.httpFailure);
  await expect(page.getByText('Model is not allowed here')).toBeVisible();
  await expect(f.model).toHaveAttribute('aria-invalid', 'true');
  await expect(f.title).toHaveValue(`Share test ${token}`);
  await expect(f.submit).toBeEnabled();

  await f.model.fill('Claude');
  await expect(page.getByText('Model is not allowed here')).toBeHidden();
});

test('a server error without a body is an HTTP failure too', async ({ page }) => {
  await page.route('**/api/prompts', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await page.goto('/submit');
  await fillValid(page, uniqueToken());
  await form(page).submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.httpFailure);
});

test('a network failure says to check the connection and keeps what was typed', async ({ page }) => {
  const token = uniqueToken();
  await page.route('**/api/prompts', (route) => route.abort('internetdisconnected'));
  await page.goto('/submit');
  await fillValid(page, token);
  await form(page).submit.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.networkFailure);
  await expect(form(page).prompt).toHaveValue(`Write a haiku about {{topic}} (${token}).`);
});

test('a duplicate links to the prompt that already exists', async ({ page }) => {
  await page.route('**/api/prompts', (route) =>
    route.fulfill({
      status: 409,
      json: { error: 'DUPLICATE', message: 'This prompt is already in the library.', link: '/prompts/existing123' },
    }),
  );
  await page.goto('/submit');
  await fillValid(page, uniqueToken());
  await form(page).submit.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This prompt is already in the library.');
  await expect(alert.getByRole('link', { name: 'Open the existing prompt' })).toHaveAttribute('href', '/prompts/existing123');
});

test('a rate limit says when to try again and keeps what was typed', async ({ page }) => {
  const token = uniqueToken();
  await page.route('**/api/prompts', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '42' },
      json: { error: 'RATE_LIMITED', message: 'Too many requests' },
    }),
  );
  await page.goto('/submit');
  await fillValid(page, token);
  await form(page).submit.click();
  await expect(page.getByRole('alert')).toHaveText("You're doing that too often. Try again in 42 seconds.");
  await expect(form(page).title).toHaveValue(`Share test ${token}`);
  await expect(form(page).category).toHaveValue(`Cat ${token}`);
});
