import { type Kysely, sql } from 'kysely';
import type { Database, SpelledField } from '../db/schema';

/**
 * Analytics read the summaries kept with the writes (migration 0005,
 * decision 0010), plus the most copied prompts from their index: the same
 * few rows at any library size.
 */

export async function overview(db: Kysely<Database>) {
  const zero = sql<number>`0`;
  return db
    .selectFrom('summary_totals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('prompts'), zero).as('total_prompts'),
      eb.fn.coalesce(eb.fn.sum<number | string>('likes'), zero).as('total_likes'),
      eb.fn.coalesce(eb.fn.sum<number | string>('copies'), zero).as('total_copies'),
    ])
    .executeTakeFirstOrThrow();
}

/** Prompt counts per value of a field, most prompts first, then by name. */
export async function countsBy(db: Kysely<Database>, field: SpelledField) {
  return db
    .selectFrom('summary_facets')
    .select(['name', 'prompts as count'])
    .where('field', '=', field)
    .where('prompts', '>', 0)
    .orderBy('prompts', 'desc')
    .orderBy('name', 'asc')
    .execute();
}

export async function topCopied(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('prompts')
    .select(['id', 'title', 'category', 'model', 'prompt', 'copy_count', 'like_count'])
    .where('status', '=', 'visible')
    .where('copy_count', '>', 0)
    .orderBy('copy_count', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Per UTC day from the first of `days` on: prompts shared, likes given and
 * copies made, counting only visible prompts (the shard rows summed).
 */
export async function dailyActivity(db: Kysely<Database>, days: readonly string[]) {
  return db
    .selectFrom('summary_days')
    .select((eb) => [
      'day',
      eb.fn.sum<number | string>('prompts').as('prompts'),
      eb.fn.sum<number | string>('likes').as('likes'),
      eb.fn.sum<number | string>('copies').as('copies'),
    ])
    .where('day', '>=', days[0] ?? '')
    .groupBy('day')
    .execute();
}
