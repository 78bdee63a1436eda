import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { unique } from '../support/library';

/** An existing prompt, created through the API, with a title and text unique to the test. */
async function createExisting(request: APIRequestContext): Promise<{ _id: string; title: string; prompt: string }> {
  const marker = unique('w');
  const title = `Cold Email Opener ${marker}`;
  const prompt =
    `Write a short cold email to the founder of ${marker}. Open with one specific detail from their product, ` +
    'say in one sentence what I offer, and end with a question that is easy to answer. Keep it under 120 words.';
  const response = await request.post('/api/prompts', { data: { title, prompt, category: 'Sales', model: 'GPT-4o' } });
  expect(response.status()).toBe(201);
  return { _id: ((await response.json()) as { _id: string })._id, title, prompt };
}

const fields = (page: Page) => ({
  title: page.getByRole('textbox', { name: 'Title', exact: true }),
  prompt: page.getByRole('textbox', { name: 'Prompt', exact: true }),
  note: page.getByTestId('similar-note'),
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('a near copy of an existing prompt shows the note and its link, which opens that prompt; sharing still works', async ({
  page,
  request,
}) => {
  const existing = await createExisting(request);
  await page.goto('/submit');
  const { title, prompt, note } = fields(page);
  await expect(note).toHaveAttribute('aria-live', 'polite');

  // The example: "!" added to the title and one word changed.
  await title.fill(`${existing.title}!`);
  await prompt.fill(existing.prompt.replace('specific', 'concrete'));
  await expect(note).toContainText('A similar prompt already exists:');
  const link = note.getByRole('link', { name: existing.title, exact: true });
  await expect(link).toBeVisible();
  // Advice only: the caret stays where the visitor was typing.
  await expect(prompt).toBeFocused();

  // Text that resembles nothing takes the note away.
  await prompt.fill('Plan seven vegetarian dinners for a family of four on a small weekly budget, with a shopping list.');
  await expect(note.getByRole('link')).toHaveCount(0);
  await expect(note).toHaveText('');

  await prompt.fill(existing.prompt.replace('specific', 'concrete'));
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`/prompts/${existing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: existing.title })).toBeVisible();

  // Back on the form the visitor may still share the near copy.
  await page.goBack();
  await title.fill(`${existing.title}!`);
  await prompt.fill(existing.prompt.replace('specific', 'concrete'));
  await page.getByRole('combobox', { name: 'Category' }).fill('Sales');
  await page.getByRole('combobox', { name: 'Model' }).fill('GPT-4o');
  await page.getByRole('combobox', { name: 'Model' }).press('Escape');
  await expect(link).toBeVisible();
  await page.getByRole('button', { name: 'Share Prompt' }).last().click();
  await expect(page.getByText('Prompt submitted successfully!')).toBeVisible();
});

test('a failed check shows nothing and leaves the form working', async ({ page }) => {
  await page.route('**/api/prompts/similar', (route) => route.fulfill({ status: 500, body: '{"error":"INTERNAL_ERROR","message":"x"}' }));
  let asked = false;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/prompts/similar')) asked = true;
  });
  await page.goto('/submit');
  const { title, prompt, note } = fields(page);
  await title.fill('Anything at all');
  await prompt.fill('Some text to check against the library.');
  await expect.poll(() => asked).toBe(true);
  await expect(note).toHaveText('');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`screenshots of the near-duplicate note (${theme}, ${width} px)`, async ({ page, request }) => {
      const existing = await createExisting(request);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/submit');
      const { title, prompt, note } = fields(page);
      await title.fill(`${existing.title}!`);
      await prompt.fill(existing.prompt.replace('specific', 'concrete'));
      await expect(note.getByRole('link', { name: existing.title })).toBeVisible();
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/similar-shots/similar-note-${theme}-${width}.png`, fullPage: false });
    });
  }
}
