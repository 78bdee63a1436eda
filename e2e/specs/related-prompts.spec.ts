import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { unique } from '../support/library';

interface Created {
  readonly _id: string;
  readonly title: string;
}

/** A prompt in `category` with `tags`, created through the API; its title is unique to the test. */
async function share(request: APIRequestContext, title: string, category: string, tags: string[] = []): Promise<Created> {
  const response = await request.post('/api/prompts', {
    data: { title, prompt: `Related prompts check: ${title}.`, category, model: 'GPT-4o', tags },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

const relatedSection = (page: Page) => page.getByRole('region', { name: 'Related prompts' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('the prompt page shows related prompts as cards, never itself, each linking to its own page', async ({ page, request }) => {
  const category = unique('Rel');
  const tag = unique('rel');
  const target = await share(request, `Target ${unique()}`, category, [tag]);
  const sharesTag = await share(request, `Shares the tag ${unique()}`, 'Writing', [tag]);
  const sameCategory = await share(request, `Same category ${unique()}`, category);
  const unrelated = await share(request, `Nothing shared ${unique()}`, unique('Other'));

  await page.goto(`/prompts/${target._id}`);
  const section = relatedSection(page);
  await expect(section.getByRole('heading', { level: 2, name: 'Related prompts' })).toBeVisible();
  const cards = section.getByRole('article');
  // Shared tag first (3 points), then the category alone (2): the server's order.
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName(sharesTag.title);
  await expect(cards.nth(1)).toHaveAccessibleName(sameCategory.title);
  await expect(section.getByRole('article', { name: target.title })).toHaveCount(0);
  await expect(section.getByRole('article', { name: unrelated.title })).toHaveCount(0);
  // The same card as the library's: copy and like are there.
  await expect(cards.nth(0).getByRole('button', { name: /copy/i }).first()).toBeVisible();

  await cards.nth(0).getByRole('link', { name: sharesTag.title }).click();
  await expect(page).toHaveURL(`/prompts/${sharesTag._id}`);
  await expect(page.getByRole('heading', { level: 1, name: sharesTag.title })).toBeVisible();
  await expect(relatedSection(page).getByRole('article', { name: target.title })).toBeVisible();
  await expect(relatedSection(page).getByRole('article', { name: sharesTag.title })).toHaveCount(0);
});

test('a like on a related card counts, as on the library', async ({ page, request }) => {
  const tag = unique('rl');
  const target = await share(request, `Favourite target ${unique()}`, unique('Rel'), [tag]);
  const other = await share(request, `Favourite related ${unique()}`, 'Writing', [tag]);
  await page.goto(`/prompts/${target._id}`);
  const card = relatedSection(page).getByRole('article', { name: other.title });
  const like = card.getByRole('button', { name: `like ${other.title}` });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => ((await (await request.get(`/api/prompts/${other._id}`)).json()) as { likes: number }).likes).toBe(1);
});

test('no section when nothing is related', async ({ page, request }) => {
  const alone = await share(request, `Qzxv ${unique()}`, unique('Alone'));
  const answered = page.waitForResponse((response) => response.url().endsWith(`/api/prompts/${alone._id}/related`));
  await page.goto(`/prompts/${alone._id}`);
  expect(await (await answered).json()).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: alone.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related prompts' })).toHaveCount(0);
});

test('a failed load says so and Try again loads them', async ({ page, request }) => {
  const tag = unique('rf');
  const target = await share(request, `Failing target ${unique()}`, unique('Rel'), [tag]);
  const other = await share(request, `Failing related ${unique()}`, 'Writing', [tag]);
  let fail = true;
  await page.route(`**/api/prompts/${target._id}/related`, (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', message: 'boom' } }) : route.continue(),
  );
  await page.goto(`/prompts/${target._id}`);
  const section = relatedSection(page);
  await expect(section.getByRole('alert')).toHaveText(/Related prompts could not be loaded\./, { timeout: 15_000 });
  fail = false;
  await section.getByRole('button', { name: 'Try Again' }).click();
  await expect(section.getByRole('article', { name: other.title })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`screenshots of a prompt page's related prompts (${theme}, ${width} px)`, async ({ page, request }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // A sample prompt tagged "email" (db/sample-tags.ts) has others sharing that tag.
      const sample = (await (await request.get('/api/prompts?tags=email&limit=1')).json()) as Created[];
      const prompt = sample[0];
      expect(prompt).toBeDefined();
      await page.goto(`/prompts/${prompt?._id}`);
      const section = relatedSection(page);
      await expect(section.getByRole('article').first()).toBeVisible();
      await section.getByRole('heading', { name: 'Related prompts' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/related-shots/related-${theme}-${width}.png`, fullPage: false });
    });
  }
}
