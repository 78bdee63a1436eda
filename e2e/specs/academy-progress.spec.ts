import { type Page, expect, test } from '@playwright/test';

/**
 * Progress (kept in the browser, like likes) and the glossary: a learner
 * marks a lesson done and sees it on the overview's cards, the section page
 * and the lesson itself; terms in lessons lead to their definitions.
 */

const A = '/prompt-academy';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

const doneBox = (page: Page) => page.getByRole('checkbox', { name: 'I have finished this lesson' });
const card = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Learning paths' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const sectionProgress = (page: Page) => page.getByRole('region', { name: 'Your progress' });

test('marking lessons done shows on the lesson, its section page and the overview, and survives a reload', async ({ page }) => {
  await page.goto(`${A}/beginner/understanding`);
  await expect(doneBox(page)).not.toBeChecked();
  await expect(page.locator('.academy-eyebrow')).not.toContainText('Done');
  await doneBox(page).check();
  await expect(doneBox(page)).toBeChecked();
  // Focus stays on the checkbox; the header says the lesson is done.
  await expect(doneBox(page)).toBeFocused();
  await expect(page.locator('.academy-eyebrow')).toContainText('Beginner · Lesson 1 of 5 Done');

  await page.goto(`${A}/beginner/sampling`);
  await doneBox(page).check();

  // The section page: the count, a bar, the next lesson, and the lesson list marked.
  await page.goto(`${A}/beginner`);
  await expect(sectionProgress(page)).toContainText('2 of 5 lessons done');
  await expect(sectionProgress(page).getByRole('progressbar', { name: '2 of 5 lessons done' })).toHaveAttribute('value', '2');
  // The first lesson not done, in reading order: a gap before the last done one.
  const next = sectionProgress(page).getByRole('link');
  await expect(next).toHaveText('Continue with: The Components of a Prompt');
  await expect(next).toHaveAttribute('href', `${A}/beginner/components`);
  const lessonList = page.locator('.academy-prose').locator('h2:has-text("Lessons in this section") + ul');
  await expect(lessonList.locator('li').filter({ hasText: 'Understanding Prompts' }).locator('.academy-done-mark')).toHaveText('Done');
  await expect(lessonList.locator('li').filter({ hasText: 'Sampling Settings' }).locator('.academy-done-mark')).toHaveText('Done');
  await expect(lessonList.locator('.academy-done-mark')).toHaveCount(2);

  // The overview's cards.
  await page.goto(A);
  await expect(card(page, 'Beginner')).toContainText('2 of 5 lessons done');
  await expect(card(page, 'Intermediate')).toContainText('0 of 4 lessons done');

  // Kept in this browser: a reload keeps it; unticking takes it back.
  await page.reload();
  await expect(card(page, 'Beginner')).toContainText('2 of 5 lessons done');
  await page.goto(`${A}/beginner/understanding`);
  await expect(doneBox(page)).toBeChecked();
  await doneBox(page).uncheck();
  await page.goto(`${A}/beginner`);
  await expect(sectionProgress(page)).toContainText('1 of 5 lessons done');
  await expect(sectionProgress(page).getByRole('link')).toHaveText('Continue with: Understanding Prompts');
});

test('a section page starts the learner off, and says when the section is finished', async ({ page }) => {
  await page.goto(`${A}/patterns`);
  await expect(sectionProgress(page)).toContainText('0 of 4 lessons done');
  await expect(sectionProgress(page).getByRole('link')).toHaveText('Start with: Audience Persona Pattern');

  await page.evaluate(() =>
    localStorage.setItem(
      'academyProgress',
      JSON.stringify(['patterns/audience-persona', 'patterns/structured-output', 'patterns/recipe', 'patterns/ask-input']),
    ),
  );
  await page.reload();
  await expect(sectionProgress(page)).toContainText('4 of 4 lessons done');
  await expect(sectionProgress(page)).toContainText('You have finished every lesson in this section.');
  await expect(sectionProgress(page).getByRole('link')).toHaveCount(0);
});

test('stored progress that is not a list of lessons counts as none, and the page still works', async ({ page }) => {
  await page.goto(A);
  await page.evaluate(() => localStorage.setItem('academyProgress', '{"broken": true'));
  await page.reload();
  await expect(card(page, 'Beginner')).toContainText('0 of 5 lessons done');
  await page.goto(`${A}/beginner/understanding`);
  await doneBox(page).check();
  await page.goto(A);
  await expect(card(page, 'Beginner')).toContainText('1 of 5 lessons done');
});

test('the overview links to the glossary, a term in a lesson opens at its definition, and the glossary leads back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(A);
  await page.locator('.academy-prose').getByRole('link', { name: 'glossary' }).click();
  await expect(page).toHaveURL(`${A}/glossary`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossary');
  // The Overview tab stays current: the glossary belongs to the academy as a whole.
  await expect(page.getByRole('navigation', { name: 'Prompt Academy' }).getByRole('link', { name: 'Overview' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  const terms = page.getByRole('navigation', { name: 'Terms' }).getByRole('link');
  await expect(terms.first()).toBeVisible();
  expect(await terms.count()).toBeGreaterThanOrEqual(25);

  await page.goto(`${A}/beginner/sampling`);
  const term = page.locator('.academy-prose').getByRole('link', { name: 'Temperature', exact: true });
  await expect(term).toHaveClass(/academy-term/);
  await term.click();
  await expect(page).toHaveURL(`${A}/glossary#temperature`);
  const heading = page.getByRole('heading', { level: 2, name: 'Temperature' });
  await expect(heading).toBeInViewport();
  // Its definition names the lesson that explains it.
  await expect(page.locator('#temperature + p')).toContainText('A sampling setting');

  await page.getByRole('navigation', { name: 'Previous and next pages' }).getByRole('link').click();
  await expect(page).toHaveURL(A);
});
