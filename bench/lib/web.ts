import { SEARCH_DEBOUNCE_MS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { chromium } from 'playwright-core';

export interface WebFigures {
  /** Navigation start to the first prompt card in the DOM, median of the rounds. */
  readonly firstCardMs: number;
  /** Last keystroke in the search box to the updated result count, minus the debounce; median. */
  readonly searchUpdateMs: number;
  readonly debounceMs: number;
}

const ROUNDS = 5;
const CARD = 'article.prompt-card';
const COUNT = '.library-count';

/**
 * Timed inside the page (performance.now(), whose origin is the navigation
 * start), so Playwright's own round trips do not count. Each round uses a
 * fresh browser context: a first visit, with nothing cached.
 */
const PAGE_PROBE = `
  window.__bench = { firstCard: 0, lastKey: 0, countChanged: 0, countText: '' };
  document.addEventListener('keydown', () => { window.__bench.lastKey = performance.now(); }, true);
  new MutationObserver(() => {
    const bench = window.__bench;
    if (!bench.firstCard && document.querySelector(${JSON.stringify(CARD)})) bench.firstCard = performance.now();
    const count = document.querySelector(${JSON.stringify(COUNT)});
    const text = count ? count.textContent : '';
    if (text !== bench.countText) { bench.countText = text; bench.countChanged = performance.now(); }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

interface Probe {
  firstCard: number;
  lastKey: number;
  countChanged: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function measureWeb(baseUrl: string, searchText: string): Promise<WebFigures> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const firstCard: number[] = [];
  const searchUpdate: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(PAGE_PROBE);
      await page.goto(`${baseUrl}/`);
      await page.waitForSelector(CARD, { timeout: 30_000 });
      await page.waitForSelector(COUNT, { timeout: 30_000 });
      firstCard.push(await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench.firstCard));

      await page.getByPlaceholder(MESSAGES.library.searchPlaceholder).pressSequentially(searchText, { delay: 40 });
      await page.waitForFunction(
        () => {
          const bench = (window as unknown as { __bench: Probe }).__bench;
          return bench.countChanged > bench.lastKey;
        },
        undefined,
        { timeout: 30_000 },
      );
      const probe = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
      searchUpdate.push(probe.countChanged - probe.lastKey - SEARCH_DEBOUNCE_MS);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { firstCardMs: median(firstCard), searchUpdateMs: median(searchUpdate), debounceMs: SEARCH_DEBOUNCE_MS };
}
