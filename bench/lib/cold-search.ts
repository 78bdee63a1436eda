import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { type LoadResult, load } from './load';

/**
 * Search text that no two requests share, of the kind visitors type: two or
 * three consecutive words of a random prompt's title ("meal plan", "blog post
 * for"), or one word of five letters or more ("marathon"), with duplicates
 * dropped. Each one matches at least its own prompt. A run that takes one
 * per request never hits the server's caches, which shows what a search
 * costs when it runs on the index.
 */
export async function distinctNeedles(db: Kysely<Database>, count: number): Promise<string[]> {
  const rows = await sql<{ title: string }>`
    SELECT title FROM prompts WHERE status = 'visible' ORDER BY random() LIMIT ${count * 4}`.execute(db);
  const needles = new Set<string>();
  for (const { title } of rows.rows) {
    const words = title
      .toLowerCase()
      .split(/[\s:]+/)
      .filter(Boolean);
    const size = 1 + Math.floor(Math.random() * 3);
    const start = Math.floor(Math.random() * Math.max(1, words.length - size + 1));
    const needle = words.slice(start, start + size).join(' ');
    if (size > 1 || needle.length >= 5) needles.add(needle);
    if (needles.size === count) break;
  }
  return [...needles];
}

/**
 * Searches, each request with the next needle. Fails afterwards if the
 * needles ran out, since a needle used twice could have been a cache hit.
 */
export async function searchEachNeedleOnce(
  baseUrl: string,
  needles: readonly string[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  let next = 0;
  const result = await load({
    url: baseUrl,
    connections,
    seconds,
    setupRequest: (request) => {
      const needle = needles[next % needles.length] ?? '';
      next += 1;
      return { ...request, path: `/api/prompts?limit=48&q=${encodeURIComponent(needle)}` };
    },
  });
  if (next > needles.length) throw new Error(`${next} requests but only ${needles.length} distinct needles: ask for more`);
  return result;
}
