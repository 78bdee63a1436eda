import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load';
import { FULL_LIST_CLIENTS, type FullListLoadResult } from './full-list-load';
import type { CrossInstanceResult } from './cross-instance';
import { COPY_RATE, type CopiesLoadResult } from './copies-load';
import type { HealthFigures } from './health-probe';
import { type ProcessorTime, processorTimeText } from './processor-time';
import type { LikesLoadResult } from './likes-load';
import type { SearchSpeed } from './search-speed';
import type { CommonWordSearch } from './common-word';
import { type OrderComparison, RELEVANCE_NEEDLES, TAG_FILTERS, cachedOrderRatios, orderRounds } from './order-comparison';
import type { SimilarSpeed } from './similar-speed';
import type { RelatedSpeed } from './related-speed';
import type { SuggestSpeed } from './suggest-speed';
import type { WebFigures } from './web';
import { STALLS_LABEL, stallsCell } from './machine-stalls';
import { SUMMARY_ROUNDS, type SummaryReads } from './summary-reads';
import { defaultSize } from '../../apps/server/cli/generate/dataset';
import { IDLE_COLLECTION_MS } from '../../apps/server/src/runtime/idle-collection';
import { type BufferSizing, SMALL_BUFFERS_COST, buffersHoldSearchSet } from '../../apps/server/src/db/postgres-buffers';
import { MEMORY_SAMPLE_MS } from './server-memory';

export interface EndpointFigures {
  readonly name: string;
  readonly path: string;
  /** Request headers beyond autocannon's own, if any. */
  readonly headers?: Record<string, string>;
  readonly app: LoadResult;
  readonly raw: LoadResult;
  /** p99 budget in ms, if the endpoint has one. */
  readonly p99Budget?: number;
  /** Whether the list throughput budget (>= 50% of raw) applies. */
  readonly ratioBudget?: number;
}

export interface DialectFigures {
  readonly dialect: 'sqlite' | 'postgres';
  readonly generatorSeconds?: number;
  readonly endpoints: EndpointFigures[];
  /** Searches that each miss the server's caches (a new needle per request). */
  readonly coldSearch: LoadResult;
  /** /api/health, asked every 10 ms while those searches run. */
  readonly coldSearchHealth: HealthFigures;
  /** What each process spent on one of those searches. Absent in runs before session 41. */
  readonly coldSearchProcessorTime?: ProcessorTime;
  /** PostgreSQL only: its shared buffers beside what a search reads, as the run began. Absent in runs before session 52. */
  readonly postgresBuffers?: BufferSizing;
  readonly search: SearchSpeed;
  /** One client: facets, analytics and the list's total right after each kind of write. Absent in runs before it existed. */
  readonly summaryReads?: SummaryReads;
  /** One client, a word in about half the prompts, nothing cached. */
  readonly commonWord: CommonWordSearch;
  /** The same for a two-letter needle. Absent in runs before it existed. */
  readonly twoLetters?: CommonWordSearch;
  /** GET /api/search/suggest, one client, a typo per request. */
  readonly suggest: SuggestSpeed;
  /** GET /api/prompts?q=...: likes order against best match, one client, uncached. Absent in runs before it existed. */
  readonly relevance?: OrderComparison;
  /** GET /api/prompts?tags=...: likes order against the default order, one client, uncached. Absent in runs before it existed. */
  readonly tagOrder?: OrderComparison;
  /** POST /api/prompts/similar, one client, a near copy of a stored prompt per request. */
  readonly similar: SimilarSpeed;
  /** GET /api/prompts/:id/related, one client, each prompt once (nothing cached). Absent in runs before it existed. */
  readonly related?: RelatedSpeed;
  readonly likes: LikesLoadResult;
  readonly copies: CopiesLoadResult;
  /**
   * RSS after the copy load, its peak so far, and (absent in older runs) RSS once the server has had no request for a
   * while; on SQLite less the database file's mapped pages, given apart (absent in older runs: watchServerMemory).
   */
  readonly rss: { rssMb: number; peakMb: number; restMb?: number; mappedFileMb?: number };
  readonly fullList: FullListLoadResult;
  /** Two instances on one Redis (absent when the run had no Redis). */
  readonly crossInstance?: CrossInstanceResult;
  readonly web?: WebFigures;
}

export interface BenchRun {
  readonly date: Date;
  readonly command: string;
  readonly seconds: number;
  readonly connections: number;
  readonly prompts: number;
  readonly dialects: DialectFigures[];
  readonly bundle?: { jsGzip: number; cssGzip: number; files: number };
}

export const BUDGETS = {
  listP99Ms: 15,
  searchP99Ms: 30,
  listShareOfRaw: 0.5,
  searchSpeedUp: 10,
  likeRate: 2000,
  copyRate: COPY_RATE,
  rssMb: 250,
  fullListHealthP99Ms: 50,
  coldSearchRate: 500,
  coldSearchP99Ms: 100,
  /**
   * /api/health while a load runs: issue 16 asks it during distinct searches, issue 21 during every bench
   * load (the likes and copies rows too). The unpaged-list downloads have their own, fullListHealthP99Ms.
   */
  loadHealthP99Ms: 20,
  commonWordMs: 30,
  /** Issue 21: any single uncached search at 1,000,000 prompts. */
  anySearchMs: 250,
  summaryReadMs: 10,
  suggestP99Ms: 30,
  orderOverLikes: 1.5,
  similarP99Ms: 50,
  relatedP99Ms: 20,
  fullListRssMb: 400,
  firstScreenJsKb: 120,
  firstCardMs: 1000,
  searchUpdateMs: 150,
  crossInstanceMs: 100,
} as const;

const int = (value: number) => Math.round(value).toLocaleString('en');

/** How long the bench leaves the server without a request before reading its resting RSS: past the server's idle collection (two of its intervals). */
export const RESTING_SECONDS = (2 * IDLE_COLLECTION_MS) / 1000 + 5;

const restingRss = (restMb: number | undefined) =>
  restMb === undefined ? '' : `; ${int(restMb)} MB after ${RESTING_SECONDS} s with no request`;
const mappedFile = (mappedFileMb: number | undefined) =>
  mappedFileMb ? `; besides, ${int(mappedFileMb)} MB of the database file's pages mapped; peak sampled every ${MEMORY_SAMPLE_MS} ms` : '';
const ms = (value: number) => (value < 10 ? value.toFixed(1) : int(value));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean, miss: string) => (ok ? 'met' : `**missed** (${miss})`);

/** An order's p99 against the likes order's for the same requests (issue 20: within 1.5x). */
function orderVerdict(figures: OrderComparison, name: string): string {
  const ratio = figures.otherP99Ms / figures.likesP99Ms;
  return `likes p50 ${ms(figures.likesP50Ms)} / p99 ${ms(figures.likesP99Ms)} ms, ${name} p50 ${ms(figures.otherP50Ms)} / p99 ${ms(figures.otherP99Ms)} ms (${ratio.toFixed(2)}x): ${verdict(ratio <= BUDGETS.orderOverLikes, `${ratio.toFixed(2)}x`)}`;
}

function endpointCell(endpoint: EndpointFigures): string {
  const share = endpoint.app.rps / endpoint.raw.rps;
  const failures = endpoint.app.failures > 0 ? `, ${int(endpoint.app.failures)} failed` : '';
  return `${int(endpoint.app.rps)} req/s (${Math.round(share * 100)}% of raw), p50 ${ms(endpoint.app.p50)} ms, p99 ${ms(endpoint.app.p99)} ms${failures}`;
}

function endpointVerdict(endpoint: EndpointFigures): string {
  const parts: string[] = [];
  if (endpoint.p99Budget !== undefined) {
    parts.push(verdict(endpoint.app.p99 <= endpoint.p99Budget, `p99 ${ms(endpoint.app.p99 - endpoint.p99Budget)} ms over`));
  }
  if (endpoint.ratioBudget !== undefined) {
    const share = endpoint.app.rps / endpoint.raw.rps;
    parts.push(verdict(share >= endpoint.ratioBudget, `${Math.round((endpoint.ratioBudget - share) * 100)} points short`));
  }
  if (endpoint.app.failures > 0) parts.push('**failures**');
  return parts.join('; ') || 'no budget';
}

function target(endpoint: EndpointFigures): string {
  const parts: string[] = [];
  if (endpoint.p99Budget !== undefined) parts.push(`p99 <= ${endpoint.p99Budget} ms`);
  if (endpoint.ratioBudget !== undefined) parts.push(`>= ${endpoint.ratioBudget * 100}% of raw`);
  return parts.join(', ') || '-';
}

/**
 * What /api/health's p99 during a load missed its budget by, or ''. A run from
 * before the write rows timed it is judged without it; a probe that timed
 * nothing (NaN) misses.
 */
function healthMiss(health: HealthFigures | undefined): string {
  if (!health) return '';
  if (Number.isNaN(health.p99)) return 'health not timed';
  return health.p99 > BUDGETS.loadHealthP99Ms ? `health p99 ${ms(health.p99 - BUDGETS.loadHealthP99Ms)} ms over` : '';
}

function healthMeanwhile(health: HealthFigures | undefined): string {
  if (!health) return '; /api/health not measured';
  if (Number.isNaN(health.p99)) return '; /api/health not timed';
  return `; /api/health meanwhile p50 ${ms(health.p50)} ms, p99 ${ms(health.p99)} ms`;
}

/** Copies acknowledged a second, over the time the server took to acknowledge them all. */
export function copiesRate(copies: CopiesLoadResult): number {
  return copies.succeeded / Math.max(copies.elapsedSeconds, copies.seconds);
}

/**
 * The copies row: the rate the server kept (copies acknowledged over the time
 * they took, never more than the rate offered: the last second's copies are
 * sent at its start, so a server keeping up finishes before `seconds` end),
 * whether every acknowledged copy is exactly one row and one increment, and
 * /api/health meanwhile.
 */
export function copiesCell(copies: CopiesLoadResult): string {
  const rate = copiesRate(copies);
  const exact = copies.wrongCounters === 0 && copies.rowsAdded === copies.succeeded;
  const misses = [
    rate < BUDGETS.copyRate * 0.98 ? `${int(BUDGETS.copyRate - rate)} req/s short` : '',
    copies.failures > 0 ? `${int(copies.failures)} failed` : '',
    exact ? '' : 'counts not exact',
    healthMiss(copies.health),
  ].filter(Boolean);
  return (
    `${int(rate)} req/s (${int(copies.succeeded)} of ${int(copies.offered)} acknowledged in ${copies.elapsedSeconds.toFixed(1)} s), ` +
    `p50 ${ms(copies.p50)} ms, p99 ${ms(copies.p99)} ms, ${int(copies.failures)} failed, ` +
    `${int(copies.rowsAdded)} rows added, ${copies.wrongCounters} wrong counters${healthMeanwhile(copies.health)}: ${verdict(misses.length === 0, misses.join(', '))}`
  );
}

/** The likes row: the rate kept, every counter equal to its rows, and /api/health meanwhile. */
export function likesCell(likes: LikesLoadResult): string {
  const rate = likes.requests / likes.seconds;
  const misses = [
    rate < BUDGETS.likeRate * 0.98 ? `${int(BUDGETS.likeRate - rate)} req/s short` : '',
    likes.failures > 0 ? `${int(likes.failures)} failed` : '',
    likes.wrongCounters > 0 ? 'counts not exact' : '',
    healthMiss(likes.health),
  ].filter(Boolean);
  return `${int(rate)} req/s over ${likes.seconds} s, p99 ${ms(likes.p99)} ms, ${int(likes.failures)} failed, ${likes.wrongCounters} wrong counters${healthMeanwhile(likes.health)}: ${verdict(misses.length === 0, misses.join(', '))}`;
}

/** The results as a Markdown table: one row per figure, one column per database. */
export function resultTable(run: BenchRun): string {
  const rows: string[][] = [];
  const byDialect = (cell: (figures: DialectFigures) => string) => run.dialects.map(cell);
  for (const [index, first] of (run.dialects[0]?.endpoints ?? []).entries()) {
    rows.push([
      `\`${first.path}\`${first.headers ? ` with ${Object.keys(first.headers).join(', ')}` : ''} at ${run.connections} connections`,
      ...byDialect((figures) => {
        const endpoint = figures.endpoints[index];
        return endpoint ? `${endpointCell(endpoint)}: ${endpointVerdict(endpoint)}` : '-';
      }),
      target(first),
      byDialect((figures) => {
        const raw = figures.endpoints[index]?.raw;
        return raw ? `${int(raw.rps)} req/s, p99 ${ms(raw.p99)} ms` : '-';
      }).join(' / '),
    ]);
    if (first.name === 'search') {
      rows.push([
        `\`/api/prompts?limit=48&q=<a new needle each request>\`, and \`/api/prompts/count\` when a page comes without its total, at ${run.connections} connections (no cache hits; one load, measured after its warm-up's requests)`,
        ...byDialect((figures) => {
          const load = figures.coldSearch;
          const health = figures.coldSearchHealth;
          const misses = [
            load.rps < BUDGETS.coldSearchRate ? `${int(BUDGETS.coldSearchRate - load.rps)} req/s short` : '',
            load.p99 > BUDGETS.coldSearchP99Ms ? `p99 ${ms(load.p99 - BUDGETS.coldSearchP99Ms)} ms over` : '',
            healthMiss(health),
            load.failures > 0 ? `${int(load.failures)} failed` : '',
          ].filter(Boolean);
          return `${int(load.rps)} req/s, p50 ${ms(load.p50)} ms, p99 ${ms(load.p99)} ms${healthMeanwhile(health)}${processorTimeText(figures.coldSearchProcessorTime)}: ${verdict(misses.length === 0, misses.join(', '))}`;
        }),
        `>= ${int(BUDGETS.coldSearchRate)} req/s, p99 <= ${BUDGETS.coldSearchP99Ms} ms, health p99 <= ${BUDGETS.loadHealthP99Ms} ms`,
        '-',
      ]);
    }
  }
  rows.push([
    "Search: indexed vs `LIKE '%q%'` scan (total + first page, mean of 4 needles)",
    ...byDialect((figures) => {
      const ratio = figures.search.scanMs / figures.search.indexedMs;
      return `${ms(figures.search.indexedMs)} ms vs ${ms(figures.search.scanMs)} ms = ${ratio.toFixed(1)}x: ${verdict(ratio >= BUDGETS.searchSpeedUp, `${(BUDGETS.searchSpeedUp - ratio).toFixed(1)}x short`)}`;
    }),
    `>= ${BUDGETS.searchSpeedUp}x`,
    byDialect((figures) => `scan ${ms(figures.search.scanMs)} ms`).join(' / '),
  ]);
  rows.push([
    `One client, right after a like, a copy or a new prompt (uncached, ${SUMMARY_ROUNDS} rounds): \`/api/facets\`, \`/api/analytics\`, the unfiltered list with its total`,
    ...byDialect((figures) => {
      if (!figures.summaryReads) return 'not measured';
      const slowest = Math.max(...figures.summaryReads.reads.map((read) => read.maxMs));
      const cells = figures.summaryReads.reads.map((read) => `\`${read.path}\` p50 ${ms(read.p50Ms)} ms, max ${ms(read.maxMs)} ms`);
      return `${cells.join('; ')}: ${verdict(slowest <= BUDGETS.summaryReadMs, `${ms(slowest - BUDGETS.summaryReadMs)} ms over`)}`;
    }),
    `every one <= ${BUDGETS.summaryReadMs} ms`,
    run.dialects.some((figures) => figures.summaryReads?.machineStalls)
      ? `${STALLS_LABEL}: ${byDialect((figures) => (figures.summaryReads?.machineStalls ? stallsCell(figures.summaryReads.machineStalls) : '-')).join(' / ')}`
      : '-',
  ]);
  const uncachedSearchCell = (search: CommonWordSearch, budget: number) => {
    const { word, matches, share, p50Ms, maxMs, pageP50Ms, pageMaxMs } = search;
    return `"${word}" (${int(matches)} matches, ${Math.round(share * 100)}%): both p50 ${ms(p50Ms)} ms, max ${ms(maxMs)} ms (the page alone p50 ${ms(pageP50Ms)} ms, max ${ms(pageMaxMs)} ms): ${verdict(maxMs <= budget, `${ms(maxMs - budget)} ms over`)}`;
  };
  rows.push([
    'One client: a word found in about half the prompts, first page then total (`/api/prompts/count`), nothing cached (7 rounds)',
    ...byDialect((figures) => uncachedSearchCell(figures.commonWord, BUDGETS.commonWordMs)),
    `<= ${BUDGETS.commonWordMs} ms`,
    '-',
  ]);
  rows.push([
    'One client: a needle of two letters, first page then total, nothing cached (7 rounds)',
    ...byDialect((figures) => (figures.twoLetters ? uncachedSearchCell(figures.twoLetters, BUDGETS.anySearchMs) : 'not measured')),
    `<= ${BUDGETS.anySearchMs} ms (issue 21)`,
    '-',
  ]);
  rows.push([
    'Did you mean (`/api/search/suggest`): one client, a typo of a title word per request',
    ...byDialect((figures) => {
      const { requests, suggested, p50Ms, p99Ms } = figures.suggest;
      return `${int(requests)} typos, ${int(suggested)} corrected: p50 ${ms(p50Ms)} ms, p99 ${ms(p99Ms)} ms: ${verdict(p99Ms <= BUDGETS.suggestP99Ms, `${ms(p99Ms - BUDGETS.suggestP99Ms)} ms over`)}`;
    }),
    `p99 <= ${BUDGETS.suggestP99Ms} ms`,
    '-',
  ]);
  rows.push([
    `Best match (\`sort=relevance\`) against the likes order: one client, ${RELEVANCE_NEEDLES.length} needles x ${orderRounds(RELEVANCE_NEEDLES.length)} rounds, each after a write (uncached)`,
    ...byDialect((figures) => (figures.relevance ? orderVerdict(figures.relevance, 'best match') : 'not measured')),
    `p99 <= ${BUDGETS.orderOverLikes}x the likes order`,
    '-',
  ]);
  rows.push([
    `Tag filter (\`tags=\`, newest first) against the likes order: one client, ${TAG_FILTERS.length} tags x ${orderRounds(TAG_FILTERS.length)} rounds, each after a write (uncached)`,
    ...byDialect((figures) => (figures.tagOrder ? orderVerdict(figures.tagOrder, 'tag filter') : 'not measured')),
    `p99 <= ${BUDGETS.orderOverLikes}x the likes order`,
    '-',
  ]);
  if (run.dialects.some((figures) => cachedOrderRatios(figures.endpoints).length > 0)) {
    rows.push([
      `Best match and the tag filter against the same requests sorted by likes, cached, at ${run.connections} connections (their rows above)`,
      ...byDialect((figures) => {
        const ratios = cachedOrderRatios(figures.endpoints);
        if (ratios.length === 0) return 'not measured';
        const cells = ratios.map(
          ({ order, p99Ms, likesP99Ms, ratio }) => `${order} p99 ${ms(p99Ms)} against ${ms(likesP99Ms)} ms (${ratio.toFixed(2)}x)`,
        );
        const missed = ratios
          .filter(({ ratio }) => ratio > BUDGETS.orderOverLikes)
          .map(({ order, ratio }) => `${order} ${ratio.toFixed(2)}x`);
        return `${cells.join('; ')}: ${verdict(missed.length === 0, missed.join(', '))}`;
      }),
      `p99 <= ${BUDGETS.orderOverLikes}x the likes order`,
      '-',
    ]);
  }
  rows.push([
    'Near-duplicate check (`POST /api/prompts/similar`): one client, a near copy of a stored prompt per request ("!" on the title, one word changed)',
    ...byDialect((figures) => {
      const { requests, foundSource, p50Ms, p99Ms } = figures.similar;
      return `${int(requests)} drafts, ${int(foundSource)} found their source first: p50 ${ms(p50Ms)} ms, p99 ${ms(p99Ms)} ms: ${verdict(p99Ms <= BUDGETS.similarP99Ms, `${ms(p99Ms - BUDGETS.similarP99Ms)} ms over`)}`;
    }),
    `p99 <= ${BUDGETS.similarP99Ms} ms`,
    '-',
  ]);
  rows.push([
    'Related prompts (`/api/prompts/:id/related`): one client, prompts spread over the library, each once (uncached)',
    ...byDialect((figures) => {
      if (!figures.related) return 'not measured';
      const { requests, related, p50Ms, p99Ms } = figures.related;
      return `${int(requests)} prompts, ${int(related)} related: p50 ${ms(p50Ms)} ms, p99 ${ms(p99Ms)} ms: ${verdict(p99Ms <= BUDGETS.relatedP99Ms, `${ms(p99Ms - BUDGETS.relatedP99Ms)} ms over`)}`;
    }),
    `p99 <= ${BUDGETS.relatedP99Ms} ms`,
    '-',
  ]);
  rows.push([
    `Like/unlike at ${int(BUDGETS.likeRate)} req/s from 1,000 user ids`,
    ...byDialect((figures) => likesCell(figures.likes)),
    `${int(BUDGETS.likeRate)} req/s, counts exact, health p99 <= ${BUDGETS.loadHealthP99Ms} ms`,
    '-',
  ]);
  if (run.dialects.some((figures) => figures.crossInstance)) {
    rows.push([
      'A like on one instance, until the list page of another shows it (two instances, one Redis)',
      ...byDialect((figures) => {
        const cross = figures.crossInstance;
        if (!cross) return '-';
        const ok = cross.max <= BUDGETS.crossInstanceMs && cross.missed === 0;
        const missed = cross.missed > 0 ? `, ${cross.missed} not within 6 s` : '';
        return `p50 ${ms(cross.p50)} ms, p99 ${ms(cross.p99)} ms, max ${ms(cross.max)} ms over ${cross.rounds} likes${missed}: ${verdict(ok, 'see figures')}`;
      }),
      `every one <= ${BUDGETS.crossInstanceMs} ms`,
      '-',
    ]);
  }
  rows.push([
    `Copies at ${int(BUDGETS.copyRate)} req/s from 1,000 user ids and 'anonymous'`,
    ...byDialect((figures) => copiesCell(figures.copies)),
    `${int(BUDGETS.copyRate)} req/s, counts exact, health p99 <= ${BUDGETS.loadHealthP99Ms} ms`,
    '-',
  ]);
  rows.push([
    `GET /api/prompts (unpaged, brotli), ${FULL_LIST_CLIENTS} clients back to back from no list built, with /api/health every 10 ms`,
    ...byDialect((figures) => {
      const load = figures.fullList;
      const ok = load.healthP99 <= BUDGETS.fullListHealthP99Ms && load.peakRssMb < BUDGETS.fullListRssMb && load.failures === 0;
      const mb = (load.downloadBytes / 1024 / 1024).toFixed(1);
      return `${int(load.downloads)} downloads of ${mb} MB in ${load.seconds} s, ${int(load.failures)} failed; health p50 ${ms(load.healthP50)} ms, p99 ${ms(load.healthP99)} ms (${int(load.healthChecks)} checks); peak RSS ${int(load.peakRssMb)} MB: ${verdict(ok, 'see figures')}`;
    }),
    `health p99 <= ${BUDGETS.fullListHealthP99Ms} ms, RSS < ${BUDGETS.fullListRssMb} MB`,
    '-',
  ]);
  rows.push([
    'Server RSS at the end of the run (before the unpaged downloads)',
    ...byDialect(
      (figures) =>
        `${int(figures.rss.rssMb)} MB (peak ${int(figures.rss.peakMb)} MB${restingRss(figures.rss.restMb)}${mappedFile(figures.rss.mappedFileMb)}): ${verdict(figures.rss.peakMb < BUDGETS.rssMb, `${int(figures.rss.peakMb - BUDGETS.rssMb)} MB over`)}`,
    ),
    `< ${BUDGETS.rssMb} MB`,
    '-',
  ]);
  if (run.bundle) {
    const jsOk = run.bundle.jsGzip <= BUDGETS.firstScreenJsKb * 1024;
    rows.push([
      `First-screen JS / CSS (gzip, ${run.bundle.files} files)`,
      ...byDialect(() => `JS ${kb(run.bundle?.jsGzip ?? 0)}, CSS ${kb(run.bundle?.cssGzip ?? 0)}: ${verdict(jsOk, 'over budget')}`),
      `JS <= ${BUDGETS.firstScreenJsKb} KB`,
      '-',
    ]);
  }
  if (run.dialects.some((figures) => figures.web)) {
    rows.push([
      'Navigation to first prompt card (Chromium, median of 5)',
      ...byDialect((figures) =>
        figures.web
          ? `${ms(figures.web.firstCardMs)} ms: ${verdict(figures.web.firstCardMs < BUDGETS.firstCardMs, `${ms(figures.web.firstCardMs - BUDGETS.firstCardMs)} ms over`)}`
          : '-',
      ),
      `< ${BUDGETS.firstCardMs} ms`,
      '-',
    ]);
    rows.push([
      'Last keystroke to updated results, after the debounce (median of 5)',
      ...byDialect((figures) =>
        figures.web
          ? `${ms(figures.web.searchUpdateMs)} ms after the ${figures.web.debounceMs} ms debounce: ${verdict(figures.web.searchUpdateMs < BUDGETS.searchUpdateMs, `${ms(figures.web.searchUpdateMs - BUDGETS.searchUpdateMs)} ms over`)}`
          : '-',
      ),
      `< ${BUDGETS.searchUpdateMs} ms`,
      '-',
    ]);
  }
  for (const figures of run.dialects) {
    if (figures.generatorSeconds !== undefined) {
      rows.push([
        `Generator (${figures.dialect}), built in this run`,
        ...byDialect((other) => (other === figures ? `${figures.generatorSeconds?.toFixed(0)} s` : '-')),
        // Issue 21: ten minutes per database at 1,000,000 prompts.
        run.prompts >= 1_000_000 ? '<= 600 s' : figures.dialect === 'sqlite' ? '< 180 s' : '-',
        '-',
      ]);
    }
  }
  const header = [
    'Figure',
    ...run.dialects.map((figures) => (figures.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL')),
    'Target',
    'Baseline (raw node:http in the same run)',
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}`;
}

/**
 * What PostgreSQL's shared buffers held against the tables and indexes a
 * search reads (db/postgres-buffers.ts): at 1,000,000 prompts 2 GB ran
 * the distinct searches at 1.3-1.7 times the rate of the default 128 MB
 * (docs/performance.md, session 52); undefined for a run without
 * PostgreSQL, or from before session 52.
 */
export function postgresBuffersLine(dialects: readonly Pick<DialectFigures, 'postgresBuffers'>[]): string | undefined {
  const buffers = dialects.find((figures) => figures.postgresBuffers)?.postgresBuffers;
  if (!buffers) return undefined;
  const held = buffersHoldSearchSet(buffers) ? 'they hold them' : `they do not: ${SMALL_BUFFERS_COST}`;
  return `PostgreSQL's shared_buffers: ${buffers.sharedBuffers}, against ${buffers.searchSet} of tables and indexes a search reads; ${held} (docs/operations.md, Sizing).`;
}

export function reportSection(run: BenchRun): string {
  const size = defaultSize(run.prompts);
  const count = (value: number) => value.toLocaleString('en');
  const buffers = postgresBuffersLine(run.dialects);
  return [
    `Measured ${run.date.toISOString().replace('T', ' ').slice(0, 16)} UTC on ${machineLine()}.`,
    `Command: \`${run.command}\` (${run.seconds} s per endpoint, ${run.connections} connections, ${count(size.prompts)} prompts, ${count(size.likes)} likes, ${count(size.copies)} copies, ${count(size.comments)} notes).`,
    ...(buffers ? [buffers] : []),
    '',
    resultTable(run),
  ].join('\n');
}
