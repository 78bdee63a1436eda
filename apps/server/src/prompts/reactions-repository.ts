import { type Kysely, sql } from 'kysely';
import { type Dialect, preparedStatement } from '../db/connect';
import type { Database } from '../db/schema';
import { promptExists } from './read-repository';

/** Likes and copies: the counters that move with every visitor's click, and the likes each visitor has. */

/**
 * The ids of the prompts the user likes, or undefined when there are more
 * than `max` of them (a set that large is not worth keeping in memory).
 */
export async function likedPromptIds(db: Kysely<Database>, userId: string, max: number): Promise<Set<string> | undefined> {
  const rows = await db
    .selectFrom('likes')
    .select('prompt_id')
    .where('user_id', '=', userId)
    .limit(max + 1)
    .execute();
  return rows.length > max ? undefined : new Set(rows.map((row) => row.prompt_id));
}

/** Every prompt the user likes. */
export async function allLikedPromptIds(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('likes').select('prompt_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.prompt_id));
}

/** Which of `promptIds` the user likes. */
export async function likedAmong(db: Kysely<Database>, userId: string, promptIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('likes').select('prompt_id').where('user_id', '=', userId).where('prompt_id', 'in', promptIds).execute();
  return new Set(rows.map((row) => row.prompt_id));
}

async function readCounters(db: Kysely<Database>, id: string) {
  return db.selectFrom('prompts').select(['like_count', 'copy_count', 'comment_count']).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Sets whether `userId` likes the prompt. The counter moves in the same
 * transaction and only when a like row was really inserted or deleted, so a
 * repeated or concurrent request never doubles or loses a count.
 * Returns undefined for an unknown prompt.
 */
export async function setLike(
  db: Kysely<Database>,
  dialect: Dialect,
  promptId: string,
  userId: string,
  liked: boolean,
  createdAt: string,
): Promise<{ likeCount: number } | undefined> {
  if (dialect === 'postgres') return setLikeInOneStatement(db, promptId, userId, liked, createdAt);
  return db.transaction().execute(async (trx) => {
    if (!(await promptExists(trx, promptId))) return undefined;
    if (liked) {
      const inserted = await trx
        .insertInto('likes')
        .values({ prompt_id: promptId, user_id: userId, created_at: createdAt })
        .onConflict((conflict) => conflict.columns(['prompt_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('prompts')
          .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
          .where('id', '=', promptId)
          .execute();
      }
    } else {
      const deleted = await trx.deleteFrom('likes').where('prompt_id', '=', promptId).where('user_id', '=', userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) {
        await trx
          .updateTable('prompts')
          .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
          .where('id', '=', promptId)
          .execute();
      }
    }
    const counters = await readCounters(trx, promptId);
    return { likeCount: counters.like_count };
  });
}

/**
 * PostgreSQL: the same change as one statement (one round trip instead of
 * six, which is what limits the like rate under load). Data-modifying CTEs
 * run atomically; the counter moves only when the like row was really
 * inserted or deleted, and the row lock of the UPDATE serialises concurrent
 * likes of one prompt. `current` is the count before this statement, used
 * when nothing changed.
 */
async function setLikeInOneStatement(
  db: Kysely<Database>,
  promptId: string,
  userId: string,
  liked: boolean,
  createdAt: string,
): Promise<{ likeCount: number } | undefined> {
  const change = liked
    ? sql`INSERT INTO likes (prompt_id, user_id, created_at)
          SELECT id, ${userId}, ${createdAt} FROM target
          ON CONFLICT (prompt_id, user_id) DO NOTHING RETURNING prompt_id`
    : sql`DELETE FROM likes WHERE prompt_id IN (SELECT id FROM target) AND user_id = ${userId} RETURNING prompt_id`;
  const result = await sql<{ updated: number | null; current: number | null }>`${preparedStatement(liked ? 'set-like' : 'set-unlike')}
    WITH target AS (SELECT id, like_count FROM prompts WHERE id = ${promptId} AND status = 'visible'),
    changed AS (${change}),
    counted AS (
      UPDATE prompts SET like_count = like_count + ${liked ? 1 : -1}
      WHERE id IN (SELECT prompt_id FROM changed) RETURNING like_count
    )
    SELECT (SELECT like_count FROM counted) AS updated, (SELECT like_count FROM target) AS current`.execute(db);
  const row = result.rows[0];
  const count = row?.updated ?? row?.current;
  return count === null || count === undefined ? undefined : { likeCount: Number(count) };
}

/** Records one copy event and bumps the counter in the same transaction. */
export async function recordCopy(
  db: Kysely<Database>,
  promptId: string,
  userId: string,
  createdAt: string,
): Promise<{ copyCount: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await promptExists(trx, promptId))) return undefined;
    await trx.insertInto('copies').values({ prompt_id: promptId, user_id: userId, created_at: createdAt }).execute();
    const updated = await trx
      .updateTable('prompts')
      .set((eb) => ({ copy_count: eb('copy_count', '+', 1) }))
      .where('id', '=', promptId)
      .returning('copy_count')
      .executeTakeFirstOrThrow();
    return { copyCount: updated.copy_count };
  });
}
