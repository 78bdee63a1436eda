import type { Kysely } from 'kysely';
import type { Database, NewComment } from '../db/schema';

export async function listComments(db: Kysely<Database>, promptId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('prompts', 'prompts.id', 'comments.prompt_id')
    .select(['comments.id', 'comments.prompt_id', 'comments.text', 'comments.author', 'comments.created_at'])
    .where('comments.prompt_id', '=', promptId)
    .where('comments.status', '=', 'visible')
    .where('prompts.status', '=', 'visible')
    .orderBy('comments.created_at', 'asc')
    .orderBy('comments.id', 'asc')
    .execute();
}

export type CommentRecord = Awaited<ReturnType<typeof listComments>>[number];

/**
 * Inserts a note and bumps the prompt's note counter in one transaction.
 * Returns false when the prompt does not exist (or is hidden).
 */
export async function insertComment(db: Kysely<Database>, comment: NewComment): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('prompts')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', comment.prompt_id)
      .where('status', '=', 'visible')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.insertInto('comments').values(comment).execute();
    return true;
  });
}
