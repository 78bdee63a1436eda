import { expect, type Page, test } from '@playwright/test';

/**
 * Prompt Academy navigation, checked against the reading order written out by
 * hand: the spec's table (spec section 2, "Academy") with the five lessons
 * added since, each inside its section before the section's last page, so
 * the spec's links between sections are unchanged. Every page, its heading,
 * and where its previous/next links lead.
 */

const A = '/prompt-academy';

interface Row {
  readonly path: string;
  readonly heading: string;
  readonly prev: { readonly href: string; readonly title: string } | null;
  readonly next: { readonly href: string; readonly title: string } | null;
}

const TITLES: Readonly<Record<string, string>> = {
  [A]: 'Prompt Academy',
  [`${A}/beginner`]: 'Beginner',
  [`${A}/beginner/understanding`]: 'Understanding Prompts',
  [`${A}/beginner/components`]: 'The Components of a Prompt',
  [`${A}/beginner/techniques`]: 'Core Prompting Techniques',
  [`${A}/beginner/sampling`]: 'Sampling Settings: Temperature and Top-p',
  [`${A}/beginner/mistakes`]: 'Common Prompting Mistakes',
  [`${A}/intermediate`]: 'Intermediate',
  [`${A}/intermediate/role-prompting`]: 'Role Prompting',
  [`${A}/intermediate/format-control`]: 'Controlling Output Format',
  [`${A}/intermediate/templates`]: 'Prompt Templates and Variables',
  [`${A}/intermediate/iterative`]: 'Iterative Prompting and Chaining',
  [`${A}/advanced`]: 'Advanced',
  [`${A}/advanced/chain-of-thought`]: 'Chain-of-Thought Prompting',
  [`${A}/advanced/few-shot`]: 'Few-Shot Prompting',
  [`${A}/advanced/evaluation`]: 'Evaluating Prompts',
  [`${A}/advanced/long-documents`]: 'Long Documents and Retrieval',
  [`${A}/advanced/tools-agents`]: 'Tools and Agents',
  [`${A}/advanced/system-user`]: 'System and User Messages',
  [`${A}/patterns`]: 'Prompt Patterns',
  [`${A}/patterns/audience-persona`]: 'Audience Persona Pattern',
  [`${A}/patterns/structured-output`]: 'Structured Output Pattern',
  [`${A}/patterns/recipe`]: 'Recipe Pattern',
  [`${A}/patterns/ask-input`]: 'Ask for Input Pattern',
  // Not a page: the intermediate overview's back link, which shows the beginner overview.
  [`${A}/beginner/specificity`]: 'Beginner',
};

const ORDER = Object.keys(TITLES).filter((path) => path !== `${A}/beginner/specificity`);

const link = (href: string) => ({ href, title: TITLES[href] ?? '' });

/** Reading order, with the spec's exceptions: the intermediate back link and the way back to the academy. */
const TABLE: readonly Row[] = ORDER.map((path, index) => {
  const prev = path === `${A}/intermediate` ? `${A}/beginner/specificity` : ORDER[index - 1];
  const next = path === `${A}/patterns/ask-input` ? A : ORDER[index + 1];
  return {
    path,
    heading: TITLES[path] ?? '',
    prev: prev === undefined ? null : link(prev),
    next: next === undefined ? null : link(next),
  };
});

test.beforeEach(async ({ context }) => {
  // The cookie notice is not under test here; keep it from covering the pager.
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

const pager = (page: Page) => page.getByRole('navigation', { name: 'Previous and next pages' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectRow(page: Page, row: Row, shownAt = row.path) {
  await expect(page).toHaveURL(shownAt);
  await expect(heading(page)).toHaveText(row.heading);
  for (const [rel, target] of [
    ['prev', row.prev],
    ['next', row.next],
  ] as const) {
    const anchor = pager(page).locator(`a[rel="${rel}"]`);
    if (target === null) {
      await expect(anchor).toHaveCount(0);
    } else {
      await expect(anchor).toHaveAttribute('href', target.href);
      await expect(anchor).toContainText(target.title);
    }
  }
  // The body (its own chunk) has loaded.
  await expect(page.locator('.academy-prose')).toBeVisible();
}

test('the reading order has its 24 pages, and the spec links between sections', () => {
  // The spec's 19 pages and the 5 lessons added by the second edition; the glossary stands outside the chain.
  expect(TABLE).toHaveLength(24);
  expect(TABLE.find((row) => row.path === `${A}/beginner/mistakes`)?.next?.href).toBe(`${A}/intermediate`);
  expect(TABLE.find((row) => row.path === `${A}/intermediate`)?.prev?.href).toBe(`${A}/beginner/specificity`);
  expect(TABLE.find((row) => row.path === `${A}/intermediate/iterative`)?.next?.href).toBe(`${A}/advanced`);
  expect(TABLE.find((row) => row.path === `${A}/advanced/system-user`)?.next?.href).toBe(`${A}/patterns`);
  expect(TABLE.find((row) => row.path === `${A}/patterns/ask-input`)?.next?.href).toBe(A);
});

test('next links walk every page from the overview to the last pattern, which leads back to the academy', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(A);
  for (const row of TABLE) {
    await expectRow(page, row);
    await pager(page).locator('a[rel="next"]').click();
  }
  // ask-input's next link: back to the academy overview.
  await expectRow(page, TABLE[0] as Row);
});

test('previous links walk back from the last pattern, through the intermediate back link, to the overview', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${A}/patterns/ask-input`);
  const byPath = new Map(TABLE.map((row) => [row.path, row]));
  let row = byPath.get(`${A}/patterns/ask-input`) as Row;
  let shownAt = row.path;
  const visited: string[] = [];
  for (;;) {
    await expectRow(page, row, shownAt);
    visited.push(shownAt);
    if (row.prev === null) break;
    await pager(page).locator('a[rel="prev"]').click();
    shownAt = row.prev.href;
    // /beginner/specificity is no page: it shows the beginner overview, with that page's links.
    row = byPath.get(shownAt === `${A}/beginner/specificity` ? `${A}/beginner` : shownAt) as Row;
  }
  expect(visited).toEqual([
    `${A}/patterns/ask-input`,
    `${A}/patterns/recipe`,
    `${A}/patterns/structured-output`,
    `${A}/patterns/audience-persona`,
    `${A}/patterns`,
    `${A}/advanced/system-user`,
    `${A}/advanced/tools-agents`,
    `${A}/advanced/long-documents`,
    `${A}/advanced/evaluation`,
    `${A}/advanced/few-shot`,
    `${A}/advanced/chain-of-thought`,
    `${A}/advanced`,
    `${A}/intermediate/iterative`,
    `${A}/intermediate/templates`,
    `${A}/intermediate/format-control`,
    `${A}/intermediate/role-prompting`,
    `${A}/intermediate`,
    `${A}/beginner/specificity`,
    A,
  ]);
});

test.describe('fallbacks', () => {
  for (const [path, section] of [
    [`${A}/beginner/specificity`, `${A}/beginner`],
    [`${A}/beginner/no-such-lesson`, `${A}/beginner`],
    [`${A}/intermediate/no-such-lesson`, `${A}/intermediate`],
    [`${A}/advanced/few-shot/extra`, `${A}/advanced`],
    [`${A}/patterns/no-such-pattern`, `${A}/patterns`],
  ] as const) {
    test(`${path} shows the section overview`, async ({ page }) => {
      await page.goto(path);
      await expectRow(page, TABLE.find((row) => row.path === section) as Row, path);
    });
  }
});

test('the tab of the page shown is highlighted, and clicking a tab navigates', async ({ page }) => {
  const tabs = page.getByRole('navigation', { name: 'Prompt Academy' });
  const labels = ['Overview', 'Beginner', 'Intermediate', 'Advanced', 'Prompt Patterns'];
  const expectActive = async (active: string) => {
    for (const label of labels) {
      const tab = tabs.getByRole('link', { name: label, exact: true });
      if (label === active) {
        await expect(tab).toHaveAttribute('aria-current', /page|location/);
        await expect(tab).toHaveClass(/is-active/);
      } else {
        await expect(tab).not.toHaveAttribute('aria-current');
      }
    }
  };

  await page.goto(A);
  await expect(tabs.getByRole('link')).toHaveText(labels);
  await expectActive('Overview');
  await page.goto(`${A}/intermediate/format-control`);
  await expectActive('Intermediate');
  await page.goto(`${A}/beginner/specificity`);
  await expectActive('Beginner');

  for (const [label, path, title] of [
    ['Advanced', `${A}/advanced`, 'Advanced'],
    ['Prompt Patterns', `${A}/patterns`, 'Prompt Patterns'],
    ['Beginner', `${A}/beginner`, 'Beginner'],
    ['Intermediate', `${A}/intermediate`, 'Intermediate'],
    ['Overview', A, 'Prompt Academy'],
  ] as const) {
    await tabs.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(heading(page)).toHaveText(title);
    await expectActive(label);
  }
});

test('the overview has four path cards with level, lesson count and reading time, each opening its section', async ({ page }) => {
  const cards = [
    ['Beginner', `${A}/beginner`, 'Beginner', 5],
    ['Intermediate', `${A}/intermediate`, 'Intermediate', 4],
    ['Advanced', `${A}/advanced`, 'Advanced', 6],
    ['Prompt Patterns', `${A}/patterns`, 'All levels', 4],
  ] as const;
  for (const [name, path, level, lessons] of cards) {
    await page.goto(A);
    const list = page.getByRole('region', { name: 'Learning paths' }).getByRole('listitem');
    await expect(list).toHaveCount(4);
    const card = list.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(level);
    await expect(card).toContainText(new RegExp(`${lessons} lessons · \\d+ min read`));
    await expect(card).toContainText(`0 of ${lessons} lessons done`);
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(heading(page)).toHaveText(name);
  }
});

test('every route change scrolls back to the top', async ({ page }) => {
  await page.goto(`${A}/beginner/understanding`);
  await expect(page.locator('.academy-prose')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await pager(page).locator('a[rel="next"]').click();
  await expect(heading(page)).toHaveText('The Components of a Prompt');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Focus moves to the new title rather than staying on a link of the old page.
  await expect(heading(page)).toBeFocused();

  // A link inside the lesson text too.
  await page.goto(`${A}/beginner`);
  await expect(page.locator('.academy-prose')).toBeVisible();
  const lessonLink = page.locator('.academy-prose').getByRole('link', { name: 'Common Prompting Mistakes' });
  await lessonLink.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await lessonLink.click();
  await expect(heading(page)).toHaveText('Common Prompting Mistakes');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a lesson lists its sections beside the text on wide screens, and a section link opens at that section', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${A}/advanced/system-user`);
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await expect(contents.getByRole('link')).toHaveText([
    'Two kinds of message',
    'What belongs where',
    'Prompt injection',
    'Hallucination control in the system prompt',
    'Key takeaways',
    'Practice',
    'Further reading',
  ]);
  await contents.getByRole('link', { name: 'Prompt injection' }).click();
  await expect(page).toHaveURL(`${A}/advanced/system-user#prompt-injection`);
  await expect(page.getByRole('heading', { name: 'Prompt injection', level: 2 })).toBeInViewport();

  // Opened directly, the address's section is scrolled to once the lesson has loaded.
  await page.goto(`${A}/advanced/few-shot#label-balance`);
  await expect(page.getByRole('heading', { name: 'Label balance', level: 2 })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  // Phones have no room for it.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(contents).toBeHidden();
});

test('an example prompt copies to the clipboard and shows Copied!', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${A}/beginner/understanding`);
  const example = page.locator('.copyable-block-better').first();
  await expect(example).toContainText('Better prompt');
  const button = example.getByRole('button', { name: 'Copy better prompt' });
  await expect(button).toHaveText('Copy');
  await button.click();
  await expect(button).toHaveText('Copied!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await example.locator('pre').innerText());
  expect(copied).toContain('Below are 60 free-text responses');
  // The label returns after its 2 seconds.
  await expect(button).toHaveText('Copy', { timeout: 5_000 });
});

test("a lesson's Try it button opens the lesson's better prompt in the Share form", async ({ page }) => {
  // Every lesson's target is checked in academy-try-it.spec.ts; this is the one the first edition linked to a category.
  await page.goto(`${A}/intermediate/format-control`);
  const better = await page.locator('.academy-prose > .copyable-block-better pre').first().innerText();
  await page.getByRole('link', { name: /^Try it/ }).click();
  await expect(page).toHaveURL(/\/submit\?/);
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(better);
});

test('the academy loads its own chunks only on its routes', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /academy|overview|understanding/.test(path))).toEqual([]);

  await page.getByRole('link', { name: 'Prompt Academy' }).click();
  await expect(heading(page)).toHaveText('Prompt Academy');
  await expect(page.locator('.academy-prose')).toBeVisible();
  expect(scripts.some((path) => path.includes('academy-page'))).toBe(true);
});

// A fresh page per path: the first load of a lesson once tripped a React
// error (a conditional use() call) that React recovered from silently. One
// test per page, so a slow machine never runs all 25 loads in one timeout.
for (const row of [...TABLE, { path: `${A}/glossary`, heading: 'Glossary' }]) {
  test(`${row.path} loads on its own without a page error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(row.path);
    await expect(page.getByRole('heading', { level: 1, name: row.heading })).toBeVisible();
    await expect(page.locator('.academy-prose')).toBeVisible();
    expect(errors).toEqual([]);
  });
}
