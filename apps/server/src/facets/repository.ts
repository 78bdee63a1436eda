import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Prompt counts per distinct value of a column, alphabetically (the spec's option order). */
export async function valueCounts(db: Kysely<Database>, column: 'category' | 'model') {
  return db
    .selectFrom('prompts')
    .select((eb) => [eb.ref(column).as('name'), eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'visible')
    .groupBy(column)
    .orderBy(column, 'asc')
    .execute();
}

export async function visibleTitles(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('prompts').select('title').where('status', '=', 'visible').execute();
  return rows.map((row) => row.title);
}

export async function countVisible(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('prompts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'visible')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
