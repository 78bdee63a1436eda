import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export async function overview(db: Kysely<Database>) {
  return db
    .selectFrom('prompts')
    .select((eb) => [
      eb.fn.countAll<number>().as('total_prompts'),
      eb.fn.coalesce(eb.fn.sum<number>('like_count'), sql<number>`0`).as('total_likes'),
      eb.fn.coalesce(eb.fn.sum<number>('copy_count'), sql<number>`0`).as('total_copies'),
    ])
    .where('status', '=', 'visible')
    .executeTakeFirstOrThrow();
}

/** Prompt counts per value of a column, most prompts first, then by name. */
export async function countsBy(db: Kysely<Database>, column: 'category' | 'model') {
  return db
    .selectFrom('prompts')
    .select((eb) => [eb.ref(column).as('name'), eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'visible')
    .groupBy(column)
    .orderBy('count', 'desc')
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

/** Per UTC day since `since` (an ISO timestamp): prompts shared, likes given and copies made. */
export async function dailyActivity(db: Kysely<Database>, since: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const [prompts, likes, copies] = await Promise.all([
    db
      .selectFrom('prompts')
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'visible')
      .where('created_at', '>=', since)
      .groupBy(day)
      .execute(),
    eventsPerDay(db, 'likes', since),
    eventsPerDay(db, 'copies', since),
  ]);
  return { prompts, likes, copies };
}

async function eventsPerDay(db: Kysely<Database>, table: 'likes' | 'copies', since: string) {
  const day = sql<string>`substr(${sql.ref(`${table}.created_at`)}, 1, 10)`;
  return db
    .selectFrom(table)
    .innerJoin('prompts', 'prompts.id', `${table}.prompt_id`)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('prompts.status', '=', 'visible')
    .where(`${table}.created_at`, '>=', since)
    .groupBy(day)
    .execute();
}
