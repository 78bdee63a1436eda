import { expect, test } from '@playwright/test';
import { acceptCookies, card, createPrompt, unique } from '../support/library';

// The report endpoint is built separately against the shared contract; the
// network is the boundary these tests hold fixed.
test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("reporting a prompt from its card: choose a reason, 'Thanks — reported.', remembered after a reload", async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  const bodies: unknown[] = [];
  const headers: string[] = [];
  await page.route('**/api/reports', async (route) => {
    bodies.push(route.request().postDataJSON());
    headers.push((await route.request().allHeaders())['user-id'] ?? '');
    await route.fulfill({ status: 201, json: { reported: true } });
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const target = card(page, prompt.title);
  const report = target.getByRole('button', { name: `Report prompt: ${prompt.title}` });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this content' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Offensive' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toHaveCount(0);

  const done = target.getByRole('button', { name: 'Thanks — reported.' });
  await expect(done).toBeVisible();
  await expect(done).toHaveAttribute('aria-disabled', 'true');
  await expect(done).toBeFocused();
  expect(bodies).toEqual([{ targetType: 'prompt', targetId: prompt._id, reason: 'offensive' }]);
  expect(headers[0]).toBe(await page.evaluate(() => localStorage.getItem('userId')));

  await done.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(card(page, prompt.title).getByRole('button', { name: 'Thanks — reported.' })).toBeVisible();
  expect(bodies).toHaveLength(1);
});

test('reporting a note from the comments modal and a prompt from its permalink', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  const comment = (await (
    await request.post(`/api/comments/${prompt._id}`, { data: { text: 'Buy cheap things', author: 'Spammer' } })
  ).json()) as { _id: string };
  const bodies: unknown[] = [];
  await page.route('**/api/reports', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status: 201, json: { reported: true } });
  });
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  await card(page, prompt.title)
    .getByRole('button', { name: /Notes on/ })
    .click();
  const commentsModal = page.getByRole('dialog', { name: prompt.title });
  const reportComment = commentsModal.getByRole('button', { name: 'Report note by Spammer' });
  await reportComment.click();
  const dialog = page.getByRole('dialog', { name: 'Report this content' });
  // Escape closes only the report dialog; the comments modal stays open, focus back on the comment's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(commentsModal).toBeVisible();
  await expect(reportComment).toBeFocused();
  await reportComment.click();
  // Tab stays inside the report dialog, over the comments modal.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(commentsModal.getByRole('button', { name: 'Thanks — reported.' })).toBeVisible();
  expect(bodies).toEqual([{ targetType: 'comment', targetId: comment._id, reason: 'spam' }]);
  // The comments modal is still open, and Escape closes it.
  await page.keyboard.press('Escape');
  await expect(commentsModal).toHaveCount(0);

  await page.goto(`/prompts/${prompt._id}`);
  await page.getByRole('button', { name: `Report prompt: ${prompt.title}` }).click();
  await page.getByRole('dialog', { name: 'Report this content' }).getByRole('radio', { name: 'Something else' }).check();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('article').getByRole('button', { name: 'Thanks — reported.' })).toBeVisible();
  expect(bodies[1]).toEqual({ targetType: 'prompt', targetId: prompt._id, reason: 'other' });
});

test('a failed report (e.g. 404) says so, keeps the dialog open, and can be cancelled with Escape', async ({ page, request }) => {
  const prompt = await createPrompt(request, { category: unique('Cat ') });
  await page.route('**/api/reports', (route) =>
    route.fulfill({ status: 404, json: { error: 'NOT_FOUND', message: 'No route for POST /api/reports' } }),
  );
  await page.goto(`/?category=${encodeURIComponent(prompt.category)}`);
  const report = card(page, prompt.title).getByRole('button', { name: `Report prompt: ${prompt.title}` });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this content' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The report could not be sent. Please try again.');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();
  await expect(report).toHaveText('Report');
});
