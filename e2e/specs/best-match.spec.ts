import { type Page, expect, test } from '@playwright/test';
import { acceptCookies, createPrompt, unique } from '../support/library';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/** The titles of the cards on screen, in grid order. */
async function cardTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
}

test("typing a search picks Best match (title, whole word first); clearing it gives the visitor's own sort back", async ({
  page,
  request,
}) => {
  const word = unique('qz').toLowerCase();
  // Created body match first, so the newest-first order would show the title matches first for the wrong reason.
  const inText = await createPrompt(request, { title: `Plain ${unique()}`, prompt: `Use ${word} when you write the summary.` });
  const partOfWord = await createPrompt(request, { title: `${word}s in a list ${unique()}` });
  const wholeWord = await createPrompt(request, { title: `The ${word} guide ${unique()}` });

  await page.goto('/');
  await page.getByRole('button', { name: 'More Filters' }).click();
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.selectOption({ label: 'Least Popular' });
  await expect(page).toHaveURL(/sort=likes_asc/);
  // Best match is offered only with a search.
  await expect(sort.locator('option')).toHaveText(['Sort by Likes', 'Most Popular', 'Least Popular']);

  await page.getByPlaceholder('Search by title or content').fill(word);
  await expect(page).toHaveURL(/sort=relevance/);
  await expect(sort).toHaveValue('relevance');
  await expect(sort.locator('option:checked')).toHaveText('Best match');
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).toHaveText([`Search: ${word}`, 'Best match']);
  await expect.poll(() => cardTitles(page)).toEqual([wholeWord.title, partOfWord.title, inText.title]);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/\?sort=likes_asc$/);
  await expect(sort).toHaveValue('likes_asc');
  await expect(page.getByPlaceholder('Search by title or content')).toBeFocused();
});

test('a sort picked during a search stays when the search changes, and after it is cleared', async ({ page, request }) => {
  const word = unique('qy').toLowerCase();
  await createPrompt(request, { title: `The ${word} notes` });
  await page.goto('/');
  await page.getByRole('button', { name: 'More Filters' }).click();
  const search = page.getByPlaceholder('Search by title or content');
  await search.fill(word);
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await expect(sort).toHaveValue('relevance');
  await sort.selectOption({ label: 'Most Popular' });
  await search.fill(`${word} `);
  await search.fill(`${word} notes`);
  await expect(page).toHaveURL(/q=.*notes/);
  await expect(sort).toHaveValue('likes_desc');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/\?sort=likes_desc$/);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [320, 390, 1440]) {
    test(`screenshot of a search in Best match order (${theme}, ${width} px)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/');
      await page.getByRole('button', { name: 'More Filters' }).click();
      await page.getByPlaceholder('Search by title or content').fill('email');
      await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('relevance');
      // Sample data: the "Salary Negotiation Script" mentions email only in its text, so it comes after the Email titles.
      await expect(page.getByRole('article').first()).toHaveAccessibleName(/email/i);
      await page.screenshot({ path: `/tmp/best-match-shots/search-${theme}-${width}.png`, fullPage: false });
    });
  }
}
