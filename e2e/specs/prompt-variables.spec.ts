import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PROMPT = {
  title: 'Variables e2e',
  prompt: 'Write a {{tone}} email to [recipient] about {{ topic }}. Keep the {{tone}} voice. <b>not markup</b>',
  category: 'Writing',
  model: 'GPT-4o',
};

test('the permalink highlights the variables, fills them live and copies the filled text, recording the copy', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/prompts', { data: PROMPT });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  await page.goto(`/prompts/${id}`);
  // The prompt's own text shows each placeholder highlighted, and markup as text.
  const body = page.locator('main');
  await expect(body.locator('mark.prompt-variable', { hasText: '[recipient]' }).first()).toBeVisible();
  await expect(body.getByText('<b>not markup</b>', { exact: false }).first()).toBeVisible();

  const form = page.getByRole('region', { name: 'Fill in the variables' });
  await expect(form).toBeVisible();
  // One field per distinct variable, in order of first appearance, labelled readably.
  await expect(form.getByRole('textbox')).toHaveCount(3);
  await expect(form.locator('label')).toHaveText(['Tone', 'Recipient', 'Topic']);
  // The filled version shows once something is filled (prompt-page.spec.ts).
  const preview = form.locator('.prompt-variables-preview');
  await expect(preview).toHaveCount(0);

  await form.getByLabel('tone').fill('friendly');
  await form.getByLabel('recipient').fill('the team');
  await expect(preview).toHaveText('Write a friendly email to the team about {{ topic }}. Keep the friendly voice. <b>not markup</b>');
  // The placeholder still open stays highlighted.
  await expect(preview.locator('mark.prompt-variable')).toHaveText(['{{ topic }}']);
  await form.getByLabel('topic').fill('the launch');
  const filled = 'Write a friendly email to the team about the launch. Keep the friendly voice. <b>not markup</b>';
  await expect(preview).toHaveText(filled);

  const before = (await (await request.get(`/api/prompts/${id}`)).json()) as { copyCount: number };
  const copyResponse = page.waitForResponse(
    (response) => response.url().endsWith(`/api/prompts/${id}/copy`) && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Copy filled prompt' }).click();
  await expect(form.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect((await copyResponse).status()).toBe(200);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
  const after = (await (await request.get(`/api/prompts/${id}`)).json()) as { copyCount: number };
  expect(after.copyCount).toBe(before.copyCount + 1);
});

test('a prompt without variables has no variables form', async ({ page, request }) => {
  const created = await request.post('/api/prompts', {
    data: { ...PROMPT, title: 'No variables e2e', prompt: 'Plain text, [1] citation.' },
  });
  const { _id: id } = (await created.json()) as { _id: string };
  await page.goto(`/prompts/${id}`);
  await expect(page.getByText('Plain text, [1] citation.').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fill in the variables' })).toHaveCount(0);
  // The prompt's own text; its related prompts' cards below may have variables of their own.
  await expect(page.locator('main .permalink-card mark.prompt-variable')).toHaveCount(0);
});

test('library cards highlight the variables of the text they show', async ({ page, request }) => {
  const title = `Card variables ${Date.now().toString(36)}`;
  const created = await request.post('/api/prompts', { data: { ...PROMPT, title } });
  expect(created.status()).toBe(201);
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card.locator('mark.prompt-variable')).toHaveText(['{{tone}}', '[recipient]', '{{ topic }}', '{{tone}}']);
  await expect(card.getByText('<b>not markup</b>', { exact: false })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the variables form and highlights have no serious or critical axe violations (${theme} theme)`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    const created = await request.post('/api/prompts', { data: { ...PROMPT, title: `Axe variables ${theme} ${Date.now().toString(36)}` } });
    const { _id: id } = (await created.json()) as { _id: string };
    await page.goto(`/prompts/${id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const form = page.getByRole('region', { name: 'Fill in the variables' });
    await form.getByLabel('tone').fill('calm');
    const results = await new AxeBuilder({ page }).include('.permalink-card').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
