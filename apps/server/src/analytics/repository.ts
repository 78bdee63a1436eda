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

/**
 * Per UTC day (each an ISO date, oldest first, ending today): prompts shared,
 * likes given and copies made, counting only visible prompts.
 */
export async function dailyActivity(db: Kysely<Database>, days: readonly string[]) {
  const since = `${days[0]}T00:00:00.000Z`;
  const day = sql<string>`substr(created_at, 1, 10)`;
  const [prompts, likes, copies] = await Promise.all([
    db
      .selectFrom('prompts')
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'visible')
      .where('created_at', '>=', since)
      .groupBy(day)
      .execute(),
    eventsPerDay(db, 'likes', days),
    eventsPerDay(db, 'copies', days),
  ]);
  return { prompts, likes, copies };
}

/**
 * Events per day of visible prompts, as all events minus those of hidden
 * prompts. With a million events a join to prompts reads every row of the
 * window (2 s on SQLite); instead each day is one range count on the
 * created_at index (a couple of ms), all in one statement, and the hidden
 * prompts, which are few, are looked up from the other side.
 */
async function eventsPerDay(db: Kysely<Database>, table: 'likes' | 'copies', days: readonly string[]) {
  const bounds = days.map((date, index) => {
    const next = days[index + 1] ?? nextDay(date);
    return { date, from: `${date}T00:00:00.000Z`, to: `${next}T00:00:00.000Z` };
  });
  const totals = await db
    .selectNoFrom((eb) =>
      bounds.map((bound, index) =>
        eb
          .selectFrom(table)
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('created_at', '>=', bound.from)
          .where('created_at', '<', bound.to)
          .$asScalar()
          .as(`d${index}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const day = sql<string>`substr(created_at, 1, 10)`;
  const hidden = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('prompt_id', 'in', (eb) => eb.selectFrom('prompts').select('id').where('status', '!=', 'visible'))
    .where('created_at', '>=', bounds[0]?.from ?? '')
    .groupBy(day)
    .execute();
  const hiddenByDay = new Map(hidden.map((row) => [row.day, Number(row.count)]));
  const row = totals as Record<string, unknown>;
  return bounds.map((bound, index) => ({
    day: bound.date,
    count: Number(row[`d${index}`] ?? 0) - (hiddenByDay.get(bound.date) ?? 0),
  }));
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
