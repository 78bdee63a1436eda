import { type Page, expect, test } from '@playwright/test';
import { ACADEMY, ACADEMY_LESSONS } from '../support/academy';

/**
 * Every lesson as a learner meets it: its headings, worked examples,
 * exercises with a self-check revealed on demand, sources and review date;
 * and the copy buttons giving exactly what a reader would send.
 */

const A = ACADEMY;
const LESSONS = ACADEMY_LESSONS;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

const prose = (page: Page) => page.locator('.academy-prose');
/** The worked examples of the teaching, not the model answers inside exercises. */
const examples = (page: Page, variant: 'weak' | 'better') => prose(page).locator(`:scope > .copyable-block-${variant}`);

for (const lesson of LESSONS) {
  test(`${lesson} has its headings, examples, exercises with a self-check, sources and review date`, async ({ page }) => {
    await page.goto(`${A}/${lesson}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.academy-meta time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.locator('.academy-meta')).toContainText('Last reviewed');

    // The closing sections, in order, after the teaching. The body is its own
    // chunk: wait until it has rendered to its last section before reading.
    await expect(prose(page).locator(':scope > h2').last()).toHaveText('Further reading');
    const h2 = await prose(page).locator(':scope > h2').allInnerTexts();
    expect(h2.slice(-3)).toEqual(['Key takeaways', 'Practice', 'Further reading']);
    expect(h2.length).toBeGreaterThan(3);

    expect(await examples(page, 'weak').count()).toBeGreaterThanOrEqual(2);
    expect(await examples(page, 'better').count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('link', { name: /^Try it/ })).toHaveCount(1);

    // One to three exercises, each: a numbered title, a task, a starting prompt, and a closed self-check.
    const exercises = prose(page).locator('section.academy-exercise');
    const count = await exercises.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    for (let index = 0; index < count; index += 1) {
      const exercise = exercises.nth(index);
      await expect(exercise.getByRole('heading', { level: 3 })).toHaveText(new RegExp(`^Exercise ${index + 1}: \\S`));
      await expect(exercise.locator('.academy-exercise-task')).not.toBeEmpty();
      await expect(exercise.getByText('Starting prompt', { exact: true })).toBeVisible();
      const toggle = exercise.getByRole('button', { name: 'Show self-check' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const check = exercise.locator('.academy-exercise-check');
      await expect(check).toBeHidden();
      await toggle.click();
      await expect(exercise.getByRole('button', { name: 'Hide self-check' })).toHaveAttribute('aria-expanded', 'true');
      await expect(check).toBeVisible();
      await expect(check.getByRole('heading', { name: 'Your version should' })).toBeVisible();
      expect(await check.locator('.academy-exercise-rubric > li').count()).toBeGreaterThanOrEqual(3);
      await expect(check.getByText('Model answer', { exact: true })).toBeVisible();
    }

    // Sources: a list of links to https pages.
    const sources = prose(page).locator(':scope > h2:has-text("Further reading") + ul > li');
    expect(await sources.count()).toBeGreaterThanOrEqual(2);
    for (const href of await sources.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\//);
    }

    await expect(page.getByRole('checkbox', { name: 'I have finished this lesson' })).not.toBeChecked();
  });
}

test('the self-check opens and closes from the keyboard, and focus stays on its button', async ({ page }) => {
  await page.goto(`${A}/beginner/sampling`);
  const exercise = page.locator('section.academy-exercise').first();
  const toggle = exercise.getByRole('button', { name: 'Show self-check' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const open = exercise.getByRole('button', { name: 'Hide self-check' });
  await expect(open).toBeFocused();
  await expect(exercise.locator('.academy-exercise-check')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(exercise.getByRole('button', { name: 'Show self-check' })).toBeFocused();
  await expect(exercise.locator('.academy-exercise-check')).toBeHidden();
  // The other exercise's self-check never opened.
  await expect(page.locator('section.academy-exercise').nth(1).locator('.academy-exercise-check')).toBeHidden();
});

test.describe('copying', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the anatomy of a prompt copies the prompt without its teaching labels (issue 13, item 11)', async ({ page }) => {
    await page.goto(`${A}/beginner/components`);
    const anatomy = page.getByRole('figure').filter({ hasText: 'Prompt, with its parts labelled' });
    // The labels are on the page, beside each part.
    await expect(anatomy.locator('dt')).toHaveText(['Context', 'Instruction', 'Input data', 'Constraints', 'Example', 'Output format']);
    await anatomy.getByRole('button', { name: 'Copy the prompt without its labels' }).click();
    await expect(anatomy.getByRole('button', { name: 'Copy the prompt without its labels' })).toHaveText('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // Exactly the parts' text, one after another, as a learner would paste it.
    const parts = await anatomy.locator('dd pre').allInnerTexts();
    expect(copied).toBe(parts.join('\n\n'));
    expect(copied.startsWith('I run a small bakery in Portland.')).toBe(true);
    expect(copied).toContain('Write the announcement for our email newsletter.');
    for (const label of ['CONTEXT', 'Context', 'INSTRUCTION', 'OUTPUT FORMAT', 'Output format']) expect(copied).not.toContain(label);
  });

  test('an example sent as chat messages copies each message on its own, without a role label', async ({ page }) => {
    await page.goto(`${A}/advanced/system-user`);
    const better = page.locator('.copyable-messages').filter({ hasText: 'Better prompt' }).first();
    await expect(better).toContainText('2 messages');
    await better.getByRole('button', { name: 'Copy system message' }).click();
    const system = await page.evaluate(() => navigator.clipboard.readText());
    expect(system.startsWith('You summarize emails for a finance team.')).toBe(true);
    expect(system).not.toContain('Summarize the email between');
    await better.getByRole('button', { name: 'Copy user message' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Summarize the email between the EMAIL START/);
    const user = await page.evaluate(() => navigator.clipboard.readText());
    expect(user).toContain('EMAIL END');
    expect(user).not.toMatch(/^(System|User)( message)?:/m);
  });
});
