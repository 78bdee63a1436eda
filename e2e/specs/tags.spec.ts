import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { unique } from '../support/library';

/** A prompt with tags, created through the API; its title is unique to the test. */
async function createTagged(request: APIRequestContext, title: string, tags: string[]): Promise<{ _id: string; tags: string[] }> {
  const response = await request.post('/api/prompts', {
    data: { title, prompt: `Tagged prompt ${title}: summarise the text below.`, category: 'Writing', model: 'GPT-4o', tags },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { _id: string; tags: string[] };
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('a pasted link with tags shows only the prompts carrying all of them, and removing a tag widens the list', async ({
  page,
  request,
}) => {
  const first = unique('ta');
  const second = unique('tb');
  const both = `Both tags ${unique()}`;
  const onlyFirst = `First tag only ${unique()}`;
  await createTagged(request, both, [first, second]);
  await createTagged(request, onlyFirst, [first]);

  await page.goto(`/?tags=${first},${second.toUpperCase()}`);
  await expect(card(page, both)).toBeVisible();
  await expect(card(page, onlyFirst)).toHaveCount(0);
  await expect(page.getByText(/^Displaying 1 of \d+ prompts$/)).toBeVisible();
  // The filter shows what the link chose: a chip per tag and the tags' toggles pressed.
  await expect(page.getByRole('button', { name: `Remove filter Tag: ${second}` })).toBeVisible();
  const tagFilter = page.getByRole('group', { name: 'Tags' });
  await expect(tagFilter.getByRole('button', { name: first, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(tagFilter.getByRole('button', { name: second, exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: `Remove filter Tag: ${second}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tags=${first}$`));
  await expect(card(page, onlyFirst)).toBeVisible();
  await expect(card(page, both)).toBeVisible();

  // The toggle is a real button: the keyboard takes the last tag away too (a tag used by few prompts is offered only while chosen).
  const firstToggle = tagFilter.getByRole('button', { name: first, exact: true });
  await firstToggle.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(firstToggle).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove filter Tag:/ })).toHaveCount(0);
});

test('clicking a tag on a card shows the library filtered by that tag', async ({ page, request }) => {
  const tag = unique('tc');
  const title = `Card tag ${unique()}`;
  const other = `Card tag sibling ${unique()}`;
  await createTagged(request, title, [tag, 'writing']);
  await createTagged(request, other, [tag]);

  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await expect(card(page, other)).toHaveCount(0);
  await card(page, title)
    .getByRole('link', { name: `Show prompts tagged ${tag}` })
    .click();
  await expect(page).toHaveURL(`/?tags=${tag}`);
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, other)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter Tag: ${tag}` })).toBeVisible();
});

test('the share form takes tags, offers the tags in use, and the prompt page shows them as links', async ({ page, request }) => {
  const inUse = unique('tu');
  await createTagged(request, `Tag in use ${unique()}`, [inUse]);
  const title = `Shared with tags ${unique()}`;

  await page.goto('/submit');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Draft a friendly reminder email about {{topic}}.');
  await page.getByRole('combobox', { name: 'Category' }).fill('Writing');
  await page.getByRole('combobox', { name: 'Model' }).fill('GPT-4o');
  await page.getByRole('combobox', { name: 'Model' }).press('Escape');
  const tags = page.getByRole('combobox', { name: 'Tags (optional)' });
  await expect(tags).toHaveAccessibleDescription(/Up to 5 tags, separated by commas/);
  // The suggestions (a datalist) hold the tag in use, after the tags already typed.
  await tags.fill('Follow Up, ');
  await expect(page.locator(`datalist option[value="Follow Up, ${inUse}"]`)).toHaveCount(1);

  // A tag the API would refuse is caught on the form, named and described.
  await tags.fill('Follow Up, <b>');
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Tag "<b>" must be 2-25 letters, digits or hyphens')).toBeVisible();

  await tags.fill(`Follow Up, reminder_email, ${inUse}`);
  await expect(tags).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Share Prompt' }).last().click();
  await expect(page.getByText('Prompt submitted successfully!')).toBeVisible();
  await expect(tags).toHaveValue('');

  await page.getByRole('link', { name: 'Open your prompt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The prompt's own tags, not those of its related prompts' cards below it.
  const tagList = page.getByRole('article', { name: title }).getByRole('list', { name: 'Tags' }).last();
  for (const tag of ['follow-up', 'reminder-email', inUse]) {
    await expect(tagList.getByRole('link', { name: `Show prompts tagged ${tag}` })).toBeVisible();
  }
  await tagList.getByRole('link', { name: 'Show prompts tagged reminder-email' }).click();
  await expect(page).toHaveURL('/?tags=reminder-email');
  await expect(card(page, title)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`screenshots of the tag filter and a prompt page with tags (${theme}, ${width} px)`, async ({ page, request }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // Sample data tags (db/sample-tags.ts): "email" is among the most used.
      await page.goto('/?tags=email');
      await expect(page.getByRole('button', { name: 'Remove filter Tag: email' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.getByRole('group', { name: 'Tags' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/tags-shots/library-tag-filter-${theme}-${width}.png`, fullPage: false });
      const firstCard = page.getByRole('article').first();
      await expect(firstCard.getByRole('link', { name: 'Show prompts tagged email' })).toBeVisible();
      await firstCard.screenshot({ path: `/tmp/tags-shots/card-${theme}-${width}.png` });

      const sample = (await (await request.get('/api/prompts?tags=email&limit=1')).json()) as { _id: string; tags: string[] }[];
      const prompt = sample[0];
      expect(prompt?.tags.length).toBeGreaterThanOrEqual(2);
      await page.goto(`/prompts/${prompt?._id}`);
      // The prompt's own tag link comes first; its related prompts' cards below may have one too.
      await expect(page.getByRole('link', { name: 'Show prompts tagged email' }).first()).toBeVisible();
      await page.screenshot({ path: `/tmp/tags-shots/prompt-page-${theme}-${width}.png`, fullPage: false });
    });
  }
}
