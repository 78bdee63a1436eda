import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchRun, type DialectFigures, copiesRate } from './report';
import { ROOT } from './processes';

/**
 * Each size's last run is kept as JSON beside the code, so a run at one size
 * can be set against the last run at another (issue 21's scale table)
 * without running both again.
 */
const RESULTS_DIR = join(ROOT, 'bench/results');

export function resultsFile(prompts: number): string {
  return join(RESULTS_DIR, `prompts-${prompts}.json`);
}

export function saveRun(run: BenchRun): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(resultsFile(run.prompts), `${JSON.stringify(run, null, 1)}\n`);
}

export function loadRun(prompts: number): BenchRun | undefined {
  const file = resultsFile(prompts);
  if (!existsSync(file)) return undefined;
  const run = JSON.parse(readFileSync(file, 'utf8')) as BenchRun & { date: string };
  return { ...run, date: new Date(run.date) };
}

/** A figure the scale table compares; `undefined` where a run did not measure it. */
interface ScaleFigure {
  readonly label: string;
  /** Whether more is better (throughput) or worse (latency, memory, time). */
  readonly higherIsBetter: boolean;
  readonly unit: string;
  readonly read: (figures: DialectFigures) => number | undefined;
}

function endpoint(name: string, label: string): ScaleFigure[] {
  const find = (figures: DialectFigures) => figures.endpoints.find((entry) => entry.name === name)?.app;
  return [
    { label: `${label}, req/s`, higherIsBetter: true, unit: '', read: (figures) => find(figures)?.rps },
    { label: `${label}, p99`, higherIsBetter: false, unit: ' ms', read: (figures) => find(figures)?.p99 },
  ];
}

const microseconds = (ms: number | undefined) => (ms === undefined ? undefined : ms * 1000);

const FIGURES: ScaleFigure[] = [
  ...endpoint('list', '`/api/prompts?limit=48`'),
  ...endpoint('search', 'One search, repeated'),
  ...endpoint('category', 'Category filter'),
  ...endpoint('sort', 'Most liked'),
  ...endpoint('tags', 'Tag filter'),
  ...endpoint('facets', '`/api/facets`'),
  ...endpoint('analytics', '`/api/analytics`'),
  ...['/api/facets', '/api/analytics', '/api/prompts?limit=48'].map((path): ScaleFigure => ({
    label: `\`${path}\` right after a write, max`,
    higherIsBetter: false,
    unit: ' ms',
    read: (figures) => figures.summaryReads?.reads.find((read) => read.path === path)?.maxMs,
  })),
  { label: 'Distinct searches, req/s', higherIsBetter: true, unit: '', read: (figures) => figures.coldSearch.rps },
  { label: 'Distinct searches, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.coldSearch.p99 },
  // In microseconds: the bench's figures are kept to one decimal below 10, and a search costs about a millisecond at 100,000 prompts.
  {
    label: "Distinct searches, the server's processor time a request",
    higherIsBetter: false,
    unit: ' µs',
    read: (figures) => microseconds(figures.coldSearchProcessorTime?.serverMs),
  },
  {
    label: "Distinct searches, PostgreSQL's processor time a request",
    higherIsBetter: false,
    unit: ' µs',
    read: (figures) => microseconds(figures.coldSearchProcessorTime?.databaseMs),
  },
  {
    label: '`/api/health` during distinct searches, p99',
    higherIsBetter: false,
    unit: ' ms',
    read: (figures) => figures.coldSearchHealth.p99,
  },
  { label: 'Indexed search, total + first page', higherIsBetter: false, unit: ' ms', read: (figures) => figures.search.indexedMs },
  {
    label: 'A word in half the prompts, page then total, max',
    higherIsBetter: false,
    unit: ' ms',
    read: (figures) => figures.commonWord.maxMs,
  },
  {
    label: 'A word in half the prompts, the page alone, max',
    higherIsBetter: false,
    unit: ' ms',
    read: (figures) => figures.commonWord.pageMaxMs,
  },
  { label: 'Two letters, page then total, max', higherIsBetter: false, unit: ' ms', read: (figures) => figures.twoLetters?.maxMs },
  { label: 'Did you mean, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.suggest.p99Ms },
  { label: 'Best match uncached, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.relevance?.otherP99Ms },
  { label: 'Tag filter uncached, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.tagOrder?.otherP99Ms },
  { label: 'Near-duplicate check, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.similar.p99Ms },
  { label: 'Related prompts, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.related?.p99Ms },
  { label: 'Likes, req/s', higherIsBetter: true, unit: '', read: (figures) => figures.likes.requests / figures.likes.seconds },
  { label: 'Likes, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.likes.p99 },
  { label: '`/api/health` during likes, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.likes.health?.p99 },
  { label: 'Copies, req/s', higherIsBetter: true, unit: '', read: (figures) => copiesRate(figures.copies) },
  { label: 'Copies, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.copies.p99 },
  { label: '`/api/health` during copies, p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.copies.health?.p99 },
  { label: 'A like seen on another instance, max', higherIsBetter: false, unit: ' ms', read: (figures) => figures.crossInstance?.max },
  { label: 'Unpaged list downloads: `/api/health` p99', higherIsBetter: false, unit: ' ms', read: (figures) => figures.fullList.healthP99 },
  { label: 'Unpaged list downloads: peak RSS', higherIsBetter: false, unit: ' MB', read: (figures) => figures.fullList.peakRssMb },
  { label: 'Peak RSS before those downloads', higherIsBetter: false, unit: ' MB', read: (figures) => figures.rss.peakMb },
  { label: 'Generator', higherIsBetter: false, unit: ' s', read: (figures) => figures.generatorSeconds },
];

/**
 * A figure as a number to set side by side, or undefined: a health probe that
 * timed nothing gives NaN, one whose checks failed Infinity, and a saved run
 * (JSON) holds either as null.
 */
const measured = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const number = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));

/**
 * The figures of two runs at different sizes side by side, per database:
 * each value and how many times the small run's it is. "Worse" marks a
 * figure that got more than twice as bad with the larger library.
 */
export function scaleTable(small: BenchRun, large: BenchRun): string {
  const dialects = small.dialects
    .map((figures) => figures.dialect)
    .filter((dialect) => large.dialects.some((other) => other.dialect === dialect));
  const size = (run: BenchRun) => run.prompts.toLocaleString('en');
  const header = [
    'Figure',
    ...dialects.flatMap((dialect) => {
      const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      return [`${name} ${size(small)}`, `${name} ${size(large)}`, `${name} ratio`];
    }),
  ];
  const rows = FIGURES.map((figure) => [
    figure.label,
    ...dialects.flatMap((dialect) => {
      const before = measured(figure.read(small.dialects.find((figures) => figures.dialect === dialect) as DialectFigures));
      const after = measured(figure.read(large.dialects.find((figures) => figures.dialect === dialect) as DialectFigures));
      if (before === undefined || after === undefined)
        return [
          before === undefined ? '-' : `${number(before)}${figure.unit}`,
          after === undefined ? '-' : `${number(after)}${figure.unit}`,
          '-',
        ];
      const ratio = before === 0 ? Number.POSITIVE_INFINITY : after / before;
      const worse = figure.higherIsBetter ? ratio < 0.5 : ratio > 2;
      return [`${number(before)}${figure.unit}`, `${number(after)}${figure.unit}`, `${ratio.toFixed(2)}x${worse ? ' (worse)' : ''}`];
    }),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `${size(small)} prompts: run of ${small.date.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${size(large)} prompts: run of ${large.date.toISOString().slice(0, 16).replace('T', ' ')} UTC (\`bench/results/\`).`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
}
