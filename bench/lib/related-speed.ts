import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { timedRequest } from './one-client';
import { percentile } from './percentile';

export interface RelatedSpeed {
  readonly requests: number;
  /** Related prompts answered in all (at most 6 a request). */
  readonly related: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** Requests before the timed ones, as the other one-client rows have (similar-speed.ts). */
const WARM_UP = 20;

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
  // Other prompts, so the timed ones stay uncached: the first related reads
  // of a process compile their code and statements (120-270 ms).
  const timed = new Set(ids);
  const warmUp = all
    .map((row) => row.id)
    .filter((id) => !timed.has(id))
    .filter((_, index) => index % step === 0)
    .slice(0, WARM_UP);
  const times: number[] = [];
  let related = 0;
  for (const [index, id] of [...warmUp, ...ids].entries()) {
    const response = await timedRequest(`${baseUrl}/api/prompts/${encodeURIComponent(id)}/related`);
    if (!response.ok) throw new Error(`related ${id}: ${response.status}`);
    if (index < warmUp.length) continue;
    times.push(response.ms);
    related += response.json<unknown[]>().length;
  }
  times.sort((a, b) => a - b);
  return { requests: ids.length, related, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}
