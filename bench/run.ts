import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { readBufferSizing } from '../apps/server/src/db/postgres-buffers';
import { firstScreenAssets, totalGzip } from './lib/first-screen';
import { type BenchDialect, DEFAULT_BENCH_PROMPTS, databaseUrl, ensureData } from './lib/data';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../apps/server/launch';
import { distinctNeedles, searchEachNeedleOnce, searchRequests, uncachedSearchPath } from './lib/cold-search';
import { crossInstanceVisibility } from './lib/cross-instance';
import { FULL_LIST_CLIENTS, fullListLoad } from './lib/full-list-load';
import { healthFigures, probeHealth } from './lib/health-probe';
import { copiesLoad } from './lib/copies-load';
import { likesLoad } from './lib/likes-load';
import { load, waitUntilIdle } from './lib/load';
import { ROOT, freePort, startBuiltServer, startNode } from './lib/processes';
import { captureResponse, rawResponseKey } from './lib/raw-responses';
import {
  type BenchRun,
  BUDGETS,
  type DialectFigures,
  type EndpointFigures,
  RESTING_SECONDS,
  reportSection,
  resultTable,
} from './lib/report';
import { measureSearchSpeed } from './lib/search-speed';
import { type ProcessorTime, startProcessorClock } from './lib/processor-time';
import { measureCommonWord, measureTwoLetterSearch } from './lib/common-word';
import { measureSummaryReads } from './lib/summary-reads';
import { RELEVANCE_NEEDLES, TAG_FILTERS, compareWithLikesOrder } from './lib/order-comparison';
import { measureSimilar } from './lib/similar-speed';
import { measureRelated } from './lib/related-speed';
import { measureSuggest } from './lib/suggest-speed';
import { measureWeb } from './lib/web';
import { lighthouseOnServer, writeLighthouseSection } from './lighthouse';
import { lighthouseTable } from './lib/lighthouse';
import { writePerformanceSection } from './lib/performance-doc';
import { loadRun, saveRun, scaleTable } from './lib/scale';

/** The larger size issue 21 measures the product at, set against the usual one in the scale table. */
const SCALE_PROMPTS = 1_000_000;

/**
 * npm run bench: builds the 100k dataset when missing, then for each
 * database starts the real server (RATE_LIMIT=0), loads it with autocannon,
 * serves the same bytes from a raw node:http server as the ceiling, measures
 * indexed search against a LIKE scan, the like/unlike and the copy loads
 * with exact counter checks, RSS, the time a like on one instance takes to
 * show on another (two more instances on one Redis), and the web figures;
 * prints one table and writes it into docs/performance.md. Every load is
 * bounded in time and stays on
 * 127.0.0.1.
 */
const { values } = parseArgs({
  options: {
    dialects: { type: 'string', default: 'sqlite,postgres' },
    seconds: { type: 'string', default: '10' },
    // The like and the copy loads each run this long.
    'like-seconds': { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    prompts: { type: 'string', default: String(DEFAULT_BENCH_PROMPTS) },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/bench' },
    // The Redis two instances share for the cross-instance row; --redis= (empty) leaves the row out.
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    web: { type: 'boolean', default: true },
    'no-web': { type: 'boolean', default: false },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const dialects = values.dialects.split(',').map((name) => name.trim()) as BenchDialect[];
for (const dialect of dialects) {
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`Unknown dialect "${dialect}"`);
}
const seconds = Number(values.seconds);
const likeSeconds = Number(values['like-seconds']);
const connections = Number(values.connections);
const prompts = Number(values.prompts);
const withWeb = values.web && !values['no-web'];
const WEB_DIST = join(ROOT, 'apps/web/dist');
const SEARCH_TEXT = 'newsletter';

const ENDPOINTS: Omit<EndpointFigures, 'app' | 'raw'>[] = [
  { name: 'list', path: '/api/prompts?limit=48', p99Budget: BUDGETS.listP99Ms, ratioBudget: BUDGETS.listShareOfRaw },
  // As the web app asks: with the visitor's user-id (one who liked none of them, so the bytes equal the anonymous answer).
  // As a browser asks (brotli preferred): the cached page's compressed bytes, against raw node:http sending the same bytes.
  {
    name: 'list-compressed',
    path: '/api/prompts?limit=48',
    headers: { 'accept-encoding': 'br, gzip' },
    p99Budget: BUDGETS.listP99Ms,
    ratioBudget: BUDGETS.listShareOfRaw,
  },
  { name: 'list-as-visitor', path: '/api/prompts?limit=48', headers: { 'user-id': 'user_benchvisitor' }, p99Budget: BUDGETS.listP99Ms },
  { name: 'search', path: `/api/prompts?limit=48&q=${SEARCH_TEXT}`, p99Budget: BUDGETS.searchP99Ms },
  // Issue 20 compares best match and the tag filter, cached, with the same requests sorted by likes (CACHED_ORDER_PAIRS).
  { name: 'search-likes', path: `/api/prompts?limit=48&q=${SEARCH_TEXT}&sort=likes_desc`, p99Budget: BUDGETS.searchP99Ms },
  { name: 'search-relevance', path: `/api/prompts?limit=48&q=${SEARCH_TEXT}&sort=relevance`, p99Budget: BUDGETS.searchP99Ms },
  { name: 'category', path: '/api/prompts?limit=48&category=Coding', p99Budget: BUDGETS.listP99Ms, ratioBudget: BUDGETS.listShareOfRaw },
  { name: 'sort', path: '/api/prompts?limit=48&sort=likes_desc', p99Budget: BUDGETS.listP99Ms, ratioBudget: BUDGETS.listShareOfRaw },
  // Every generated prompt carries its category as a tag (apps/server/cli/generate): a tag of a tenth of the library.
  { name: 'tags', path: '/api/prompts?limit=48&tags=coding', p99Budget: BUDGETS.listP99Ms, ratioBudget: BUDGETS.listShareOfRaw },
  {
    name: 'tags-likes',
    path: '/api/prompts?limit=48&tags=coding&sort=likes_desc',
    p99Budget: BUDGETS.listP99Ms,
    ratioBudget: BUDGETS.listShareOfRaw,
  },
  { name: 'facets', path: '/api/facets' },
  { name: 'analytics', path: '/api/analytics' },
];

/**
 * Distinct needles asked for the uncached search load (distinctNeedles).
 * Its warm-up takes the first of their requests (COLD_WARM_UP_REQUESTS),
 * its run the rest, which must not run out: 8,000 ran out once PostgreSQL
 * answered 606 a second, 16,000 once an AMD EPYC machine answered 1,900 a
 * second at 100,000 prompts (session 51: 21,051 requests). 30,000 last
 * up to 2,800 a second; at 100,000 prompts the titles give 19,144 of them
 * and the forms typed on the way to those the rest (36,186 in all).
 */
const COLD_NEEDLES = 30_000;
/**
 * The requests the warm-up sends before the measured window opens (one
 * continuous load: steadyLoad), about as many as when the load asked for
 * 8,000 needles and warmed up on a quarter of their requests (2,015 of
 * 8,061 at 100,000 prompts), so the window measures needles of the same
 * kinds as before (the first needles drawn hold more single common words,
 * as later draws repeat them and are dropped). A smaller library yields
 * fewer needles: a quarter of them then.
 */
const COLD_WARM_UP_REQUESTS = 2000;
/** Lets the summary row hide the prompts it adds (bench/lib/summary-reads.ts). */
const BENCH_ADMIN_TOKEN = 'bench-admin-token-not-secret';

async function benchDialect(dialect: BenchDialect): Promise<DialectFigures> {
  const generatorSeconds = await ensureData(dialect, values.postgres, prompts);
  const url = databaseUrl(dialect, values.postgres, prompts);

  // The database-level comparison runs first, with no server competing for the CPU.
  console.log(`[${dialect}] indexed search vs LIKE scan`);
  const direct = connectDatabase(parseDatabaseUrl(url));
  const postgresBuffers = dialect === 'postgres' ? await readBufferSizing(direct.db) : undefined;
  if (postgresBuffers)
    console.log(`[${dialect}] shared_buffers ${postgresBuffers.sharedBuffers}, search tables ${postgresBuffers.searchSet}`);
  const search = await measureSearchSpeed(direct.db, direct.dialect);
  const drawn = await distinctNeedles(direct, COLD_NEEDLES);
  const searchPaths = await searchRequests(direct, drawn);
  console.log(`[${dialect}] ${drawn.length} distinct needles, ${searchPaths.length} search requests`);

  const server = await startBuiltServer(url, { NODE_ENV: 'production', ADMIN_TOKEN: BENCH_ADMIN_TOKEN });
  console.log(`[${dialect}] one client, a word in half the prompts and a two-letter needle`);
  const commonWord = await measureCommonWord(direct);
  const twoLetters = await measureTwoLetterSearch(direct);
  const responses: Record<string, { headers: Record<string, string>; body: string }> = {};
  try {
    console.log(`[${dialect}] one client, facets, analytics and the list's total after each kind of write`);
    // The prompt the one-client rows like (and copy) before each uncached read.
    const target = await direct.db.selectFrom('prompts').select('id').where('status', '=', 'visible').limit(1).executeTakeFirstOrThrow();
    const summaryReads = await measureSummaryReads(server.url, target.id, BENCH_ADMIN_TOKEN);
    const endpoints: EndpointFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      const key = rawResponseKey(endpoint.path, endpoint.headers?.['accept-encoding']);
      // The same bytes: every header the app sent (security headers included), and the body as sent (compressed or not).
      responses[key] ??= await captureResponse(server.url, endpoint.path, endpoint.headers ?? {});
    }
    const rawFile = join(ROOT, 'bench/.data/raw-responses.json');
    await writeFile(rawFile, JSON.stringify(responses));
    const rawPort = await freePort();
    // The same V8 flags and allocator setting as the app, so both run with the same garbage collector and arenas.
    const raw = await startNode(
      'bench/raw-server.ts',
      [rawFile, String(rawPort)],
      SERVER_NODE_FLAGS,
      { ...SERVER_ENVIRONMENT },
      async (base) => (await fetch(`${base}/`)).status === 404,
      rawPort,
    );
    try {
      for (const endpoint of ENDPOINTS) {
        console.log(`[${dialect}] ${endpoint.path}`);
        // A short warm-up, so the JIT and the caches are in the state a running site has.
        await load({ url: `${server.url}${endpoint.path}`, connections, seconds: 2, headers: endpoint.headers });
        const app = await load({ url: `${server.url}${endpoint.path}`, connections, seconds, headers: endpoint.headers });
        await waitUntilIdle(server.url);
        await load({ url: `${raw.url}${endpoint.path}`, connections, seconds: 2, headers: endpoint.headers });
        const rawResult = await load({ url: `${raw.url}${endpoint.path}`, connections, seconds, headers: endpoint.headers });
        endpoints.push({ ...endpoint, app, raw: rawResult });
      }
    } finally {
      await raw.stop();
    }

    console.log(`[${dialect}] search, a new needle per request`);
    const warmUpRequests = Math.min(COLD_WARM_UP_REQUESTS, Math.floor(searchPaths.length / 4));
    // /api/health and the processes' processor time are measured in the window alone, as the searches are.
    let health: Promise<number[]> | undefined;
    let processorClock: ReturnType<typeof startProcessorClock> | undefined;
    let coldSearchProcessorTime: ProcessorTime | undefined;
    const coldSearch = await searchEachNeedleOnce(server.url, searchPaths, {
      connections,
      warmUpRequests,
      seconds,
      onWindowOpen: () => {
        processorClock = startProcessorClock(server.pid, url);
        health = probeHealth(server.url, seconds);
        // Awaited once the load ends; should the load fail first, its error is the one reported.
        health.catch(() => undefined);
      },
      onWindowClose: (responses) => {
        coldSearchProcessorTime = processorClock?.perRequest(responses);
      },
    });
    const coldSearchHealth = healthFigures((await health) ?? []);
    // The health check does not wait for searches: the next row must not start behind the ones left in flight.
    // A search that finds nothing answers in 2-17 ms when the server is idle (100,000 prompts): 50 ms leaves room.
    await waitUntilIdle(server.url, { probePath: uncachedSearchPath, quickMs: 50 });

    console.log(`[${dialect}] did you mean, a typo per request`);
    const suggest = await measureSuggest(direct.db, server.url);
    console.log(`[${dialect}] near-duplicate check, a near copy per request`);
    const similar = await measureSimilar(direct.db, server.url);

    console.log(`[${dialect}] best match against the likes order, uncached`);
    const relevance = await compareWithLikesOrder(
      server.url,
      target.id,
      RELEVANCE_NEEDLES.map((needle) => `q=${encodeURIComponent(needle)}`),
      'relevance',
    );
    console.log(`[${dialect}] tag filter against the likes order, uncached`);
    const tagOrder = await compareWithLikesOrder(
      server.url,
      target.id,
      TAG_FILTERS.map((tag) => `tags=${tag}`),
      undefined,
    );
    await waitUntilIdle(server.url);

    console.log(`[${dialect}] related prompts, a prompt per request`);
    const related = await measureRelated(direct.db, server.url);

    const web = withWeb && existsSync(join(WEB_DIST, 'index.html')) ? await measureWeb(server.url, SEARCH_TEXT) : undefined;

    console.log(`[${dialect}] like/unlike load`);
    const likes = await likesLoad(direct.db, server.url, likeSeconds);
    await waitUntilIdle(server.url);
    console.log(`[${dialect}] copy load`);
    const copies = await copiesLoad(direct.db, server.url, likeSeconds);
    const loaded = server.memory();
    await waitUntilIdle(server.url);
    // The server collects once it has had no request for a while (apps/server/src/runtime/idle-collection.ts).
    await setTimeout(RESTING_SECONDS * 1000);
    const rss = { ...loaded, restMb: server.memory().rssMb };

    if (values.redis) console.log(`[${dialect}] a like on one instance, seen on another (two more instances, one Redis)`);
    const crossInstance = values.redis ? await crossInstanceVisibility(url, values.redis) : undefined;

    // Last: whole-library downloads raise the process's peak memory, which the row above reports without them.
    console.log(`[${dialect}] ${FULL_LIST_CLIENTS} clients downloading the unpaged list`);
    const fullList = await fullListLoad(server.url, seconds, () => server.memory());
    return {
      dialect,
      generatorSeconds,
      endpoints,
      coldSearch,
      coldSearchHealth,
      coldSearchProcessorTime,
      postgresBuffers,
      search,
      commonWord,
      twoLetters,
      summaryReads,
      suggest,
      relevance,
      tagOrder,
      similar,
      related,
      likes,
      copies,
      rss,
      fullList,
      crossInstance,
      web,
    };
  } finally {
    await server.stop();
    await direct.close();
  }
}

// The server bundle and the web app it serves are measured: build what is checked out.
if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (!existsSync(join(ROOT, SERVER_BUNDLE))) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build (or drop --no-build)`);

const run: BenchRun = {
  date: new Date(),
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  seconds,
  connections,
  prompts,
  dialects: [],
  bundle: existsSync(join(WEB_DIST, 'index.html'))
    ? (() => {
        const assets = firstScreenAssets(WEB_DIST);
        return { jsGzip: totalGzip(assets, 'js'), cssGzip: totalGzip(assets, 'css'), files: assets.length };
      })()
    : undefined,
};
for (const dialect of dialects) run.dialects.push(await benchDialect(dialect));

console.log(`\n${resultTable(run)}\n`);
if (values.write && !values['no-write']) {
  const atUsualSize = prompts === DEFAULT_BENCH_PROMPTS;
  writePerformanceSection(atUsualSize ? 'bench' : `bench-${prompts}`, `At ${prompts.toLocaleString('en')} prompts`, reportSection(run));
  saveRun(run);
  // The scale table sets the usual size against the largest other size on record.
  const small = loadRun(DEFAULT_BENCH_PROMPTS);
  const large = loadRun(atUsualSize ? SCALE_PROMPTS : prompts);
  if (small && large && large.prompts > small.prompts) writePerformanceSection('bench-scale', 'Scale', scaleTable(small, large));
}

// Lighthouse on the built app, served from the first database of the run.
const lighthouseDialect = dialects[0];
if (withWeb && !values['no-lighthouse'] && lighthouseDialect) {
  console.log(`[${lighthouseDialect}] Lighthouse, mobile and desktop`);
  const figures = await lighthouseOnServer(databaseUrl(lighthouseDialect, values.postgres, prompts), false);
  console.log(`\n${lighthouseTable(figures)}\n`);
  if (values.write && !values['no-write'])
    writeLighthouseSection(figures, `the ${prompts.toLocaleString('en-US')}-prompt ${lighthouseDialect} dataset`);
}
