import type { Kysely } from 'kysely';
import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import type { Database } from '../../apps/server/src/db/schema';
import { counterMismatches } from '../../apps/server/src/fuzz/invariants';
import { type HealthFigures, withHealthProbe } from './health-probe';
import { type LoadResult, load } from './load';
import { pickAtRandom, reactionTargets } from './reaction-targets';

/** The budget (issue 16): this many copies a second, with exact counts. */
export const COPY_RATE = 2000;

export interface CopiesLoadResult extends LoadResult {
  readonly seconds: number;
  /** Copies offered: the overall rate times the seconds. */
  readonly offered: number;
  /** Copy rows the run added (must equal `succeeded`: one row per acknowledged copy). */
  readonly rowsAdded: number;
  /** Prompts whose copy_count differs from their copy rows after the run (must be 0). */
  readonly wrongCounters: number;
  /** /api/health meanwhile (issue 21: during every bench load); absent in runs before it was measured. */
  readonly health?: HealthFigures;
}

async function copyRows(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('copies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Copies at a fixed overall rate from 50 connections, as the likes row: random
 * prompts among 500 (so copies collide on the same counters), from random
 * visitors among 1,000 or 'anonymous'. Then every prompt's copy_count is
 * compared with its rows, and the rows added with the copies acknowledged.
 * /api/health is timed meanwhile, as in the likes row.
 *
 * Issue 16's 628 copies/s at p50 772 ms came from 500 connections sending as
 * fast as they could: 500 requests always waiting for a pool of 10
 * connections, so the latency was mostly that queue (500 / 628 s). A fixed
 * rate asks the question the budget asks, whether the server keeps up with
 * 2,000 copies a second, and its latency is then the service time.
 *
 * Exactly `rate x seconds` requests are sent and every answer is awaited
 * (autocannon's `amount`), so no copy is still in flight, written but not
 * acknowledged, when the rows are counted.
 */
export async function copiesLoad(db: Kysely<Database>, baseUrl: string, seconds: number): Promise<CopiesLoadResult> {
  const { promptIds, userIds } = await reactionTargets(db);
  const copiers = [...userIds, ANONYMOUS_USER_ID];
  const offered = COPY_RATE * seconds;
  const rowsBefore = await copyRows(db);
  const { result, health } = await withHealthProbe(baseUrl, seconds, () =>
    load({
      url: baseUrl,
      connections: 50,
      seconds,
      amount: offered,
      method: 'POST',
      overallRate: COPY_RATE,
      setupRequest: (request) => ({
        ...request,
        method: 'POST',
        path: `/api/prompts/${pickAtRandom(promptIds)}/copy`,
        // The copy has no body, but every state-changing request must say JSON (415 otherwise).
        headers: { 'content-type': 'application/json', 'user-id': pickAtRandom(copiers) },
      }),
    }),
  );
  const rowsAdded = (await copyRows(db)) - rowsBefore;
  const wrongCounters = (await counterMismatches(db)).filter((mismatch) => mismatch.counter === 'copy_count').length;
  return { ...result, seconds, offered, rowsAdded, wrongCounters, health };
}
