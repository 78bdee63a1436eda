import { type Kysely, sql } from 'kysely';
import type { Database, Visibility } from '../db/schema';
import { countVisiblePrompts } from '../db/summaries';
import { countTags } from '../tags/repository';
import { fromTagList } from '../tags/stored-tags';

/** Reported targets, most reported first, with their current state. */
export async function listReportSummaries(db: Kysely<Database>, limit: number) {
  const reasonCount = (reason: string) => sql<number>`sum(case when reports.reason = ${reason} then 1 else 0 end)`;
  return db
    .selectFrom('reports')
    .leftJoin('prompts', (join) => join.on('reports.target_type', '=', 'prompt').onRef('prompts.id', '=', 'reports.target_id'))
    .leftJoin('comments', (join) => join.on('reports.target_type', '=', 'comment').onRef('comments.id', '=', 'reports.target_id'))
    .select((eb) => [
      'reports.target_type',
      'reports.target_id',
      eb.fn.countAll<number>().as('report_count'),
      reasonCount('spam').as('spam'),
      reasonCount('offensive').as('offensive'),
      reasonCount('other').as('other'),
      eb.fn.max('reports.created_at').as('last_reported_at'),
      eb.fn.max('prompts.title').as('prompt_title'),
      eb.fn.max('prompts.status').as('prompt_status'),
      eb.fn.max('comments.text').as('comment_text'),
      eb.fn.max('comments.status').as('comment_status'),
      eb.fn.max('comments.prompt_id').as('comment_prompt_id'),
    ])
    .groupBy(['reports.target_type', 'reports.target_id'])
    .orderBy('report_count', 'desc')
    .orderBy('last_reported_at', 'desc')
    .orderBy('reports.target_id', 'asc')
    .limit(limit)
    .execute();
}

export type ReportSummaryRow = Awaited<ReturnType<typeof listReportSummaries>>[number];

/**
 * Sets a prompt's visibility; false for an unknown id. Its title words
 * leave or rejoin the popular keywords' counts, and its tags their counts of
 * visible prompts, in the same transaction, only when the status really
 * changed (triggers move the other summaries), so repeated or concurrent
 * calls never drift them.
 */
export async function setPromptStatus(db: Kysely<Database>, id: string, status: Visibility): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const prompt = await trx.selectFrom('prompts').select(['title', 'status', 'tag_list']).where('id', '=', id).executeTakeFirst();
    if (!prompt) return false;
    if (prompt.status === status) return true;
    const changed = await trx
      .updateTable('prompts')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', prompt.status)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) {
      const step = status === 'visible' ? 1 : -1;
      await countVisiblePrompts(trx, [{ id, title: prompt.title }], step);
      await countTags(trx, fromTagList(prompt.tag_list), step);
    }
    return true;
  });
}

/**
 * Sets a note's visibility and keeps its prompt's note counter equal to the
 * visible notes, in one transaction. The counter moves only when the status
 * really changed, so repeated or concurrent calls never drift it.
 * Returns false for an unknown id.
 */
export async function setCommentStatus(db: Kysely<Database>, id: string, status: Visibility): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx.selectFrom('comments').select(['prompt_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!comment) return false;
    if (comment.status === status) return true;
    const changed = await trx
      .updateTable('comments')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', comment.status)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) {
      const step = status === 'visible' ? 1 : -1;
      await trx
        .updateTable('prompts')
        .set((eb) => ({ comment_count: eb('comment_count', '+', step) }))
        .where('id', '=', comment.prompt_id)
        .execute();
    }
    return true;
  });
}
