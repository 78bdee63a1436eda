import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { percentile } from './percentile';

export interface RelatedSpeed {
  readonly requests: number;
  /** Related prompts answered in all (at most 6 a request). */
  readonly related: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * GET /api/prompts/:id/related for prompts spread over the whole library
 * (every n-th by id), one client, each prompt asked once: every answer is
 * computed, none comes from the cache, as for visitors opening prompt pages
 * nobody opened in the last few seconds. 500 of them, so the p99 is the
 * fifth slowest rather than the second (200), which one pause decided.
 */
export async function measureRelated(db: Kysely<Database>, baseUrl: string, count = 500): Promise<RelatedSpeed> {
  // Every id (1.7 MB at 100,000 prompts), then every n-th: one query rather than an OFFSET walk per prompt.
  const all = await db.selectFrom('prompts').select('id').where('status', '=', 'visible').orderBy('id').execute();
  const step = Math.max(1, Math.floor(all.length / count));
  const ids = all
    .filter((_, index) => index % step === 0)
    .slice(0, count)
    .map((row) => row.id);
  const times: number[] = [];
  let related = 0;
  for (const id of ids) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/prompts/${encodeURIComponent(id)}/related`);
    const prompts = (await response.json()) as unknown[];
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`related ${id}: ${response.status}`);
    related += prompts.length;
  }
  times.sort((a, b) => a - b);
  return { requests: ids.length, related, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}
