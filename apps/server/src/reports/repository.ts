import type { Kysely } from 'kysely';
import type { Database, ReportTargetType, ReportsTable } from '../db/schema';
import { promptExists } from '../prompts/read-repository';

/** True when the target can be seen (a note also needs its prompt visible). */
export async function isVisibleTarget(db: Kysely<Database>, type: ReportTargetType, id: string): Promise<boolean> {
  if (type === 'prompt') return promptExists(db, id);
  const row = await db
    .selectFrom('comments')
    .innerJoin('prompts', 'prompts.id', 'comments.prompt_id')
    .select('comments.id')
    .where('comments.id', '=', id)
    .where('comments.status', '=', 'visible')
    .where('prompts.status', '=', 'visible')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a report; false when this visitor already reported this target. */
export async function insertReport(db: Kysely<Database>, report: ReportsTable): Promise<boolean> {
  const result = await db
    .insertInto('reports')
    .values(report)
    .onConflict((conflict) => conflict.columns(['target_type', 'target_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
