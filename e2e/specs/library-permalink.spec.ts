import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, createPrompt, unique } from '../support/library';
import { holdRequests } from '../support/held-requests';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

const LONG_TEXT = `${'Line of a long prompt. '.repeat(20)}\nSecond paragraph stays whole.`;

test('the permalink shows the whole prompt, its tags, likes, copy and notes', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prompt = await createPrompt(request, { category: unique('Cat '), model: 'Gemini 2.5 Pro', prompt: LONG_TEXT });
  await request.post(`/api/comments/${prompt._id}`, { data: { text: 'Helpful on mobile too', author: 'Lee' } });
  await page.goto(`/prompts/${prompt._id}`);

  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
  await expect(page).toHaveTitle(`${prompt.title} · Prompt Vault`);
  const article = page.getByRole('article', { name: prompt.title });
  await expect(article.locator('.permalink-text')).toHaveText(LONG_TEXT);
  await expect(article.getByRole('button', { name: 'Read more' })).toHaveCount(0);
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    `Category: ${prompt.category}`,
    'Model: Gemini 2.5 Pro',
  ]);

  const like = article.getByRole('button', { name: /Likes, like/ });
  await expect(like).toHaveText('0 Likes');
  await like.click();
  await expect(like).toHaveText('1 Likes');

  const recorded = page.waitForRequest((r) => r.url().endsWith(`/api/prompts/${prompt._id}/copy`));
  await article.getByRole('button', { name: `Copy ${prompt.title}` }).click();
  await expect(article.getByRole('button', { name: `Copy ${prompt.title}` })).toHaveText('Copied!');
  await recorded;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG_TEXT);

  const comments = page.getByRole('region', { name: /Notes/ });
  await expect(comments.getByRole('heading', { name: 'Notes (1)' })).toBeVisible();
  await expect(comments.getByRole('list', { name: 'Notes' })).toContainText('Helpful on mobile too');
  await comments.getByRole('textbox', { name: 'Your note' }).fill('Posted from the permalink');
  await comments.getByRole('button', { name: 'Post note' }).click();
  await expect(comments.getByRole('list', { name: 'Notes' })).toContainText('Posted from the permalink');
  await expect(comments.getByRole('heading', { name: 'Notes (2)' })).toBeVisible();

  await page.getByRole('link', { name: 'Prompt Library' }).first().click();
  await expect(page).toHaveURL('/');
});

/**
 * Stops the page's clock a moment after its own now. The page's clock runs on while the request to stop it
 * travels, and a time it has passed is refused ("Cannot fast-forward to the past": a fresh-clone run, 10 ms
 * ahead); each refusal asks again, further ahead, within a few hundred milliseconds of the page's time in all.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let ahead = 20; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 320 || !String(error).includes('to the past')) throw error;
    }
  }
}

test('the page shows once its notes have come, and nothing on it moves as it fills in', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A short prompt, so the notes and the related prompts are in view.
  const prompt = await createPrompt(request, { prompt: 'Summarise this in one line.' });
  for (const text of ['First note', 'Second note', 'Third note']) {
    expect((await request.post(`/api/comments/${prompt._id}`, { data: { text } })).ok()).toBe(true);
  }
  // Every layout shift, by what moved.
  await page.addInitScript(() => {
    const moved: string[] = [];
    Object.assign(window, { movedByShifts: moved });
    type Shift = PerformanceEntry & { hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        for (const { node } of entry.sources) moved.push(node instanceof Element ? (node.getAttribute('class') ?? node.tagName) : 'text');
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const releaseNotes = await holdRequests(page, `**/api/comments/${prompt._id}`);
  const promptAnswered = page.waitForResponse((response) => response.url().endsWith(`/api/prompts/${prompt._id}`));
  await page.clock.install();
  await page.goto(`/prompts/${prompt._id}`);

  // The page is up and its prompt has come, while the notes are held: the page waits for them. (The document's title
  // says nothing here: the server writes the prompt's title into the page it sends.) The page's clock stands still from
  // the prompt's answer until the notes have come, so its 2 s limit on waiting cannot pass however slow the machine;
  // a few hundred milliseconds are run on it, for the timers that hand the answer to React.
  await expect(page.getByRole('status', { name: 'Loading prompt' })).toBeVisible();
  await promptAnswered;
  await pauseSoon(page);
  await page.clock.runFor(500);
  await expect(page.getByRole('status', { name: 'Loading prompt' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toHaveCount(0);
  const notesAnswered = page.waitForResponse((response) => response.url().endsWith(`/api/comments/${prompt._id}`));
  releaseNotes();
  await notesAnswered;
  await page.clock.resume();
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
  const notes = page.getByRole('region', { name: /Notes/ });
  await expect(notes.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(3);
  await expect(notes.getByRole('textbox', { name: 'Your note' })).toBeInViewport();
  // The related prompts below the notes have come too: notes arriving after them pushed them down.
  await expect(page.locator('.permalink-related a').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A shift is reported after the frame that made it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { movedByShifts: string[] }).movedByShifts)).toEqual([]);
});

test('notes that do not come hold the prompt back only a moment', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  const releaseNotes = await holdRequests(page, `**/api/comments/${prompt._id}`);
  await page.goto(`/prompts/${prompt._id}`);
  // Two seconds after the prompt came, the page shows it, its notes still loading, and no form to post one yet.
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible({ timeout: 10_000 });
  const notes = page.getByRole('region', { name: /Notes/ });
  await expect(notes.getByRole('status').filter({ hasText: 'Loading comments...' })).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'Your note' })).toHaveCount(0);
  releaseNotes();
  await expect(notes.getByText('No notes yet. Be the first to leave one.')).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'Your note' })).toBeVisible();
});

test('notes that failed and load on Try Again keep the page and a note being written', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  // The first load and its one retry fail; Try Again reaches the server.
  let failures = 0;
  await page.route(`**/api/comments/${prompt._id}`, async (route) => {
    if (route.request().method() === 'GET' && failures < 2) {
      failures += 1;
      await route.fulfill({ status: 503, json: { error: 'UNAVAILABLE', message: 'Try later.' } });
    } else await route.continue();
  });
  await page.goto(`/prompts/${prompt._id}`);
  const notes = page.getByRole('region', { name: /Notes/ });
  await expect(notes.getByRole('alert').filter({ hasText: 'Could not load the notes. Please try again.' })).toBeVisible();
  await notes.getByRole('textbox', { name: 'Your note' }).fill('A draft kept through the retry');
  await notes.getByRole('button', { name: 'Try Again' }).click();
  await expect(notes.getByText('No notes yet. Be the first to leave one.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'Your note' })).toHaveValue('A draft kept through the retry');
});

test("Share copies the link with 'Link copied!' where the Web Share API is missing", async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
  });
  const prompt = await createPrompt(request);
  await page.goto(`/prompts/${prompt._id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('button', { name: 'Link copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 3_000 });
});

test('Share uses the Web Share API where the browser has it', async ({ page, request }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
  const prompt = await createPrompt(request);
  await page.goto(`/prompts/${prompt._id}`);
  // The prompt's own Share button, not those of its related prompts' cards.
  await page.getByRole('article', { name: prompt.title }).getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
    .toEqual([{ title: prompt.title, text: prompt.prompt, url: page.url() }]);
  await expect(page.getByRole('button', { name: 'Link copied!' })).toHaveCount(0);
});

test('an unknown id shows a friendly not-found page with a way back', async ({ page }) => {
  await page.goto('/prompts/does-not-exist-123');
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt not found' })).toBeVisible();
  await expect(page.getByText('This prompt does not exist or is no longer available.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Browse the prompt library' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your AI Prompt Vault' })).toBeVisible();
});

test('a permalink that cannot load (server error) offers Try Again', async ({ page, request }) => {
  const prompt = await createPrompt(request);
  let fail = true;
  await page.route(`**/api/prompts/${prompt._id}`, async (route) => {
    if (fail) await route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'Something went wrong' } });
    else await route.continue();
  });
  await page.goto(`/prompts/${prompt._id}`);
  await expect(page.getByRole('alert')).toContainText('This prompt could not be loaded.');
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
});
