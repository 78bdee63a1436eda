import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

type LighthouseResult = Parameters<typeof computeMedianRun>[0][number];
import { CHROMIUM_FLAGS } from '../../e2e/support/chromium';

/** The four category scores (0-100) and the load metrics of one page in one form factor. */
export interface LighthouseFigures {
  readonly page: string;
  readonly path: string;
  readonly formFactor: 'mobile' | 'desktop';
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
}

/** Our targets (docs/architecture.md, Budgets): mobile performance >= 90, desktop 100, the other categories 100. */
export const LIGHTHOUSE_TARGETS = { mobilePerformance: 90, desktopPerformance: 100, otherCategories: 100 } as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Ours, plus the headless mode chrome-launcher does not choose itself. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Runs of each page and form factor, of which the median run is reported:
 * the one nearest the runs' median first contentful paint and time to
 * interactive (Lighthouse's own `computeMedianRun`, which Lighthouse CI
 * uses too), every figure of the row from that run. One run is not enough:
 * the same build's Library page scored 81 and then 91-93 on mobile, its
 * total blocking time 621 and then 224-272 ms.
 */
export const RUNS_PER_PAGE = 3;

/**
 * Runs Lighthouse (its default mobile emulation, then its desktop
 * configuration) on each page of the built app served at `baseUrl`, in the
 * system Chromium, one fresh tab per run, and reports each page's median run.
 */
export async function measureLighthouse(
  baseUrl: string,
  pages: ReadonlyArray<{ page: string; path: string }>,
): Promise<LighthouseFigures[]> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const figures: LighthouseFigures[] = [];
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const { page, path } of pages) {
        const runs = [];
        for (let run = 0; run < RUNS_PER_PAGE; run += 1) runs.push(await auditPage(chrome.port, `${baseUrl}${path}`, formFactor));
        const { categories, audits } = computeMedianRun(runs);
        figures.push({
          page,
          path,
          formFactor,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories['best-practices']?.score),
          seo: score(categories.seo?.score),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

/** Runs of one page that may fail to measure before the bench gives up on it. */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, run again when Lighthouse reports it could
 * not measure the page (a runtime error such as NO_FCP, which leaves every
 * score null): in one bench run the mobile run of /submit came back so,
 * with its other categories at 100, and was written down as a score of 0.
 */
async function auditPage(port: number, url: string, formFactor: 'mobile' | 'desktop') {
  let failure = '';
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const runtimeError = result?.lhr.runtimeError;
    if (result && !runtimeError && isMeasured(result.lhr)) return result.lhr;
    failure = runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : 'no performance score or load times';
    console.warn(`Lighthouse could not measure ${url} (${formFactor}, attempt ${attempt}): ${failure}`);
  }
  throw new Error(`Lighthouse could not measure ${url} (${formFactor}) in ${LIGHTHOUSE_ATTEMPTS} attempts: ${failure}`);
}

/**
 * Whether a run measured what the report needs: a performance score, and
 * the first contentful paint and time to interactive that computeMedianRun
 * compares (it throws on a run without them).
 */
export function isMeasured(lhr: Pick<LighthouseResult, 'categories' | 'audits'>): boolean {
  const timed = ['first-contentful-paint', 'interactive'].every((audit) => typeof lhr.audits[audit]?.numericValue === 'number');
  return typeof lhr.categories.performance?.score === 'number' && timed;
}

/** Where a figure misses its target, in words; empty when it meets them all. */
export function lighthouseMisses(figure: LighthouseFigures): string[] {
  const performanceTarget = figure.formFactor === 'mobile' ? LIGHTHOUSE_TARGETS.mobilePerformance : LIGHTHOUSE_TARGETS.desktopPerformance;
  const misses: string[] = [];
  if (figure.performance < performanceTarget) misses.push(`performance ${figure.performance} < ${performanceTarget}`);
  for (const [name, value] of [
    ['accessibility', figure.accessibility],
    ['best practices', figure.bestPractices],
    ['SEO', figure.seo],
  ] as const) {
    if (value < LIGHTHOUSE_TARGETS.otherCategories) misses.push(`${name} ${value} < ${LIGHTHOUSE_TARGETS.otherCategories}`);
  }
  return misses;
}

/** The Markdown table of docs/performance.md's Lighthouse section. */
export function lighthouseTable(figures: readonly LighthouseFigures[]): string {
  const rows = figures.map((figure) => {
    const misses = lighthouseMisses(figure);
    return `| ${figure.page} (\`${figure.path}\`) | ${figure.formFactor} | ${figure.performance} | ${figure.accessibility} | ${figure.bestPractices} | ${figure.seo} | ${figure.fcpMs} | ${figure.lcpMs} | ${figure.tbtMs} | ${figure.cls} | ${misses.length === 0 ? 'met' : `**missed**: ${misses.join(', ')}`} |`;
  });
  return [
    '| Page | Form factor | Performance | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
