import { sql } from 'kysely';
import { Random } from '../../apps/server/cli/generate/random';
import type { DatabaseHandle } from '../../apps/server/src/db/connect';
import { matchListLimit } from '../../apps/server/src/prompts/listing';
import { countPrompts, findMatches, keptSearchCount, matchCountReach } from '../../apps/server/src/prompts/read-repository';
import { type LoadResult, type SteadyLoadOptions, steadyLoad } from './load';

/** The seed of distinctNeedles' choices: any fixed number. */
const NEEDLE_SEED = 20_261_128;
/**
 * The titles distinctNeedles draws from, the first by id: as many as when
 * it read four titles for each of the 16,000 needles asked (sessions 32 to
 * 50), so the title needles are the same as then whatever the count.
 */
const TITLES_DRAWN_FROM = 64_000;
/** The fewest letters of a needle of one word, drawn whole or typed: shorter ones are common and cost more. */
const ONE_WORD_LETTERS = 5;

/**
 * Search text that no two requests share, of the kind visitors type: two or
 * three consecutive words of a prompt's title ("meal plan", "blog post
 * for"), or one word of five letters or more ("marathon"), with duplicates
 * dropped. Each one is text of its own title, so it matches at least its
 * own prompt (words either side of a colon are not: "partner hypothesis"
 * of "Debugging Partner: Hypothesis First" is skipped). A run that takes
 * one per request never hits the server's caches, which shows what a
 * search costs when it runs on the index.
 *
 * The same needles in every run on the same data, so two runs (two builds,
 * two settings) measure the same searches; a new draw per run added its
 * own spread to every comparison (docs/performance.md, session 30). The
 * titles are the first by id: ids are random strings (newId, the
 * generator's Random.id), so this is as random a sample as `ORDER BY
 * random()` was. Ids are ordered byte by byte on both databases, since
 * PostgreSQL's default collation may order them otherwise. The words are
 * chosen with a seeded generator.
 *
 * The first 64,000 titles (TITLES_DRAWN_FROM) of the generated library
 * hold 19,144 such needles at 100,000 prompts, fewer than a fast machine
 * searches in the load's warm-up and window (2,000 and 19,000 requests on
 * an AMD EPYC, session 51). When the titles run out, the needles go on as
 * a visitor's search box sends them while they type: each needle drawn so
 * far, in the same order, less its last one or two letters ("meal pla" of
 * "meal plan"; the web app searches once typing pauses for its debounce),
 * its last word keeping three letters or more, a word alone five or more.
 * Words of the prompts' text were tried first: its template phrases are
 * in much of the generated library ("act as" in 40%, "format the answer"
 * in every prompt), a kind of needle the titles do not hold, and where
 * they began the window ran at about 260 searches a second against 2,000
 * (session 51).
 */
export async function distinctNeedles(database: DatabaseHandle, count: number): Promise<string[]> {
  const random = new Random(NEEDLE_SEED);
  const byteOrder = database.dialect === 'postgres' ? sql`COLLATE "C"` : sql``;
  const rows = await sql<{ title: string }>`
    SELECT title FROM prompts WHERE status = 'visible' ORDER BY id ${byteOrder} LIMIT ${TITLES_DRAWN_FROM}`.execute(database.db);
  const needles = new Set<string>();
  // Passes over the same titles, each drawing other words of them, until enough or until a pass adds none: one pass
  // gave 11,403 needles at 100,000 prompts, which PostgreSQL used up once it answered over 940 a second (session 32).
  // Later passes only add to the first's needles, in the same order, so a run that needs fewer searches the same ones.
  let before: number;
  do {
    before = needles.size;
    for (const { title } of rows.rows) {
      const lowered = title.toLowerCase();
      const words = lowered.split(/[\s:]+/).filter(Boolean);
      const size = random.int(1, 3);
      const start = random.int(0, Math.max(0, words.length - size));
      const taken = words.slice(start, start + size);
      const needle = taken.join(' ');
      if (lowered.includes(needle) && (taken.length > 1 || needle.length >= ONE_WORD_LETTERS)) needles.add(needle);
      if (needles.size === count) break;
    }
  } while (needles.size < count && needles.size > before);
  for (const needle of [...needles]) {
    if (needles.size === count) break;
    // By characters, not UTF-16 units, so no emoji of a real title is cut in half.
    const typed = [...needle].slice(0, -random.int(1, 2)).join('');
    if (typed.includes(' ') ? /\S{3}$/.test(typed) : typed.length >= ONE_WORD_LETTERS) needles.add(typed);
  }
  return [...needles];
}

/**
 * The requests a visitor's browser makes for each needle: its first page,
 * then, for a needle whose page comes without its total (no match list:
 * found in many prompts, decision 0013; not counted on past the list's
 * limit: matchCountReach; and no count kept with the writes: decision
 * 0016), GET /api/prompts/count. Which needles those are is read from the
 * index with the listing's own limit.
 */
export async function searchRequests(database: DatabaseHandle, needles: readonly string[]): Promise<string[]> {
  const limit = matchListLimit(await countPrompts(database.db, database.dialect, {}));
  const paths: string[] = [];
  for (const needle of needles) {
    const q = encodeURIComponent(needle);
    paths.push(`/api/prompts?limit=48&q=${q}`);
    const { list, matchCount } = await findMatches(database.longReads, database.dialect, needle, limit, matchCountReach(limit));
    const counted = list !== undefined || matchCount !== undefined;
    const kept = counted ? undefined : await keptSearchCount(database.db, database.dialect, { q: needle });
    if (!counted && kept === undefined) paths.push(`/api/prompts/count?q=${q}`);
  }
  return paths;
}

/**
 * Searches, each request the next of `paths` (searchRequests), as one
 * continuous load (steadyLoad): the first `warmUpRequests` warm the server
 * up, the figures are those of the `seconds` after them, and
 * `onWindowOpen` is called as those begin, `onWindowClose` as they end. Fails afterwards if the paths
 * ran out, since a request made twice could have been a cache hit.
 */
export async function searchEachNeedleOnce(
  baseUrl: string,
  paths: readonly string[],
  options: Pick<SteadyLoadOptions, 'connections' | 'warmUpRequests' | 'seconds' | 'onWindowOpen' | 'onWindowClose'>,
): Promise<LoadResult> {
  let next = 0;
  const result = await steadyLoad({
    ...options,
    url: baseUrl,
    nextPath: () => {
      const path = paths[next % paths.length] ?? '';
      next += 1;
      return path;
    },
  });
  if (next > paths.length) throw new Error(`${next} requests but only ${paths.length} distinct ones: ask for more needles`);
  return result;
}

let idleProbes = 0;

/**
 * A search no request made before, which finds nothing: a new one on each
 * call. Like any search that misses the cache it waits for the searches
 * the server is still running, which the health check does not
 * (waitUntilIdle's probePath).
 */
export function uncachedSearchPath(): string {
  idleProbes += 1;
  return `/api/prompts?limit=48&q=${encodeURIComponent(`zqxv idle probe ${idleProbes}`)}`;
}
