import type { DatabaseHandle } from '../../apps/server/src/db/connect';
import { createAppCaches } from '../../apps/server/src/cache/app-caches';
import { countPrompts } from '../../apps/server/src/prompts/read-repository';
import { createListing } from '../../apps/server/src/prompts/listing';

/** Words common in any English text; the one found in the share of prompts nearest a half is measured. */
const COMMON_WORDS = ['about', 'with', 'your', 'that', 'this', 'from', 'for', 'and', 'the'];

export interface CommonWordSearch {
  readonly word: string;
  readonly matches: number;
  readonly share: number;
  readonly p50Ms: number;
  readonly maxMs: number;
}

/**
 * One visitor searching for a word found in about half the library, as
 * GET /api/prompts?q=<word>&limit=48 answers it when nothing is cached: the
 * listing's own plan (search strategy, exact total, first page), with empty
 * caches each round, its long reads where the server runs them.
 */
export async function measureCommonWord(database: DatabaseHandle, rounds = 7): Promise<CommonWordSearch> {
  const visible = await countPrompts(database.db, database.dialect, {});
  let best = { word: COMMON_WORDS[0] ?? 'about', matches: 0 };
  for (const word of COMMON_WORDS) {
    const matches = await countPrompts(database.db, database.dialect, { q: word });
    if (Math.abs(matches / visible - 0.5) < Math.abs(best.matches / visible - 0.5)) best = { word, matches };
  }
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const listing = createListing(database, createAppCaches());
    const started = performance.now();
    const page = await listing.list({ q: best.word, limit: 48 }, undefined);
    samples.push(performance.now() - started);
    if (page.total !== best.matches) throw new Error(`"${best.word}": total ${page.total}, expected ${best.matches}`);
  }
  samples.sort((a, b) => a - b);
  return {
    ...best,
    share: best.matches / visible,
    p50Ms: samples[Math.floor(samples.length / 2)] ?? 0,
    maxMs: samples.at(-1) ?? 0,
  };
}
