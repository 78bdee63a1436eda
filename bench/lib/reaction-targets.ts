import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';

/** Visitor ids the like and copy loads send (valid `user-id` values). */
export const BENCH_VISITORS = 1000;
/** Prompts the like and copy loads aim at: few enough that requests collide on the same rows. */
const BENCH_PROMPTS = 500;

export interface ReactionTargets {
  readonly promptIds: readonly string[];
  readonly userIds: readonly string[];
}

/** The prompts (the first 500 by id) and the visitor ids a reaction load picks from at random. */
export async function reactionTargets(db: Kysely<Database>): Promise<ReactionTargets> {
  // Visible ones only: a hidden prompt answers 404 to a like or a copy, and the summary row hides the prompts it adds.
  const prompts = await db.selectFrom('prompts').select('id').where('status', '=', 'visible').orderBy('id').limit(BENCH_PROMPTS).execute();
  return {
    promptIds: prompts.map((row) => row.id),
    userIds: Array.from({ length: BENCH_VISITORS }, (_, index) => `user_bench${String(index).padStart(8, '0')}`),
  };
}

export function pickAtRandom<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}
