import type { DatabaseHandle } from '../../apps/server/src/db/connect';
import { createAppCaches } from '../../apps/server/src/cache/app-caches';
import { countPrompts } from '../../apps/server/src/prompts/read-repository';
import { createListing } from '../../apps/server/src/prompts/listing';
import { searchCondition } from '../../apps/server/src/prompts/search';

/** Words common in any English text; the one found in the share of prompts nearest a half is measured. */
const COMMON_WORDS = ['about', 'with', 'your', 'that', 'this', 'from', 'for', 'and', 'the'];

export interface CommonWordSearch {
  readonly word: string;
  readonly matches: number;
  readonly share: number;
  /** The first page and the exact total, one after the other, as the web app asks them. */
  readonly p50Ms: number;
  readonly maxMs: number;
  /** The first page alone, which no longer waits for the total (decision 0013). */
  readonly pageP50Ms: number;
  readonly pageMaxMs: number;
}

/**
 * One visitor searching for a word found in about half the library, as
 * GET /api/prompts?q=<word>&limit=48 and then GET /api/prompts/count?q=<word>
 * answer it when nothing is cached (the page comes without its total, which
 * the web app then asks for: decision 0013): the listing's own plan, with
 * empty caches each round, its long reads where the server runs them. The
 * target is judged on both together; the page alone is shown beside it.
 */
export async function measureCommonWord(database: DatabaseHandle, rounds = 7): Promise<CommonWordSearch> {
  const visible = await countPrompts(database.db, database.dialect, {});
  let best = { word: COMMON_WORDS[0] ?? 'about', matches: 0 };
  for (const word of COMMON_WORDS) {
    const matches = await countPrompts(database.db, database.dialect, { q: word });
    if (Math.abs(matches / visible - 0.5) < Math.abs(best.matches / visible - 0.5)) best = { word, matches };
  }
  // The measured total must equal a scan: on PostgreSQL countPrompts answers a word from the very counts measured (decision 0016).
  return timeUncachedSearch(database, best.word, await scannedCount(database, best.word), visible, rounds);
}

/** Two letters: too short for a trigram index, so the search reads the prompts themselves (issue 21 holds it to 250 ms). */
export const TWO_LETTER_NEEDLE = 'ab';

/** The same, for a needle of two letters. */
export async function measureTwoLetterSearch(database: DatabaseHandle, rounds = 7): Promise<CommonWordSearch> {
  const visible = await countPrompts(database.db, database.dialect, {});
  return timeUncachedSearch(database, TWO_LETTER_NEEDLE, await scannedCount(database, TWO_LETTER_NEEDLE), visible, rounds);
}

/**
 * The visible prompts holding `text`, by testing every text: what the
 * measured total must equal. countPrompts would answer a needle of one or
 * two characters, and on PostgreSQL a word, from the very counts measured
 * (decisions 0015 and 0016).
 */
async function scannedCount(database: DatabaseHandle, text: string): Promise<number> {
  const row = await database.db
    .selectFrom('prompts')
    .where('prompts.status', '=', 'visible')
    .where((eb) => searchCondition(database.dialect, eb, text, 'scan'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function timeUncachedSearch(
  database: DatabaseHandle,
  word: string,
  matches: number,
  visible: number,
  rounds: number,
): Promise<CommonWordSearch> {
  const both: number[] = [];
  const pages: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const listing = createListing(database, createAppCaches());
    const started = performance.now();
    const page = await listing.list({ q: word, limit: 48 }, undefined);
    pages.push(performance.now() - started);
    const total = page.total ?? (await listing.count({ q: word }, undefined));
    both.push(performance.now() - started);
    if (total !== matches) throw new Error(`"${word}": total ${total}, expected ${matches}`);
  }
  const middle = (samples: number[]) => samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  return {
    word,
    matches,
    share: matches / visible,
    p50Ms: middle(both),
    maxMs: both.at(-1) ?? 0,
    pageP50Ms: middle(pages),
    pageMaxMs: pages.at(-1) ?? 0,
  };
}
