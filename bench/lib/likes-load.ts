import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { type HealthFigures, withHealthProbe } from './health-probe';
import { type LoadResult, load } from './load';
import { pickAtRandom, reactionTargets } from './reaction-targets';

/** The budget (docs/architecture.md, Budgets): this many like/unlike requests per second. */
export const LIKE_RATE = 2000;

export interface LikesLoadResult extends LoadResult {
  readonly seconds: number;
  /** Prompts whose like_count differs from their like rows after the run (must be 0). */
  readonly wrongCounters: number;
  /** /api/health meanwhile (issue 21: during every bench load); absent in runs before it was measured. */
  readonly health?: HealthFigures;
}

/**
 * Likes and unlikes at a fixed overall rate: random visitors among 1,000 on
 * random prompts among 500 (so requests collide on the same rows), then
 * checks every prompt's counter against its rows. /api/health is timed
 * meanwhile: the writes share the server's thread with every other request.
 */
export async function likesLoad(db: Kysely<Database>, baseUrl: string, seconds: number): Promise<LikesLoadResult> {
  const { promptIds, userIds } = await reactionTargets(db);
  const { result, health } = await withHealthProbe(baseUrl, seconds, () =>
    load({
      url: baseUrl,
      connections: 50,
      seconds,
      method: 'POST',
      overallRate: LIKE_RATE,
      setupRequest: (request) => ({
        ...request,
        method: 'POST',
        path: `/api/prompts/${pickAtRandom(promptIds)}/like`,
        headers: { 'content-type': 'application/json', 'user-id': pickAtRandom(userIds) },
        body: JSON.stringify({ liked: Math.random() < 0.5 }),
      }),
    }),
  );
  const wrong = await sql<{ n: number }>`
    SELECT count(*) AS n FROM prompts p
    WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.prompt_id = p.id)`.execute(db);
  return { ...result, seconds, wrongCounters: Number(wrong.rows[0]?.n ?? -1), health };
}
