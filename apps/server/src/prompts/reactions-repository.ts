import { type Compilable, type Kysely, sql } from 'kysely';
import { type Dialect, preparedStatement } from '../db/connect';
import { StatementTemplates } from '../db/statement-templates';
import type { Database } from '../db/schema';
import type { CopyEvent, CopyOutcome } from './copy-batches';

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

/** A visitor's like or unlike of a prompt. */
export interface LikeChange {
  readonly promptId: string;
  readonly userId: string;
  readonly liked: boolean;
  readonly createdAt: string;
}

/** The prompt's like count after the change, or undefined (nothing written) for an unknown or hidden prompt. */
export type LikeOutcome = { readonly likeCount: number } | undefined;

/**
 * Sets whether each visitor of `changes` likes its prompt, a batch of them
 * (write-batches.ts) in one commit. A counter moves in the same transaction
 * and only when a like row was really inserted or deleted, so a repeated or
 * concurrent request never doubles or loses a count. Returns one outcome
 * per change, in order: the count right after it, as if the changes had
 * been made one after another, or undefined for an unknown or hidden prompt.
 */
export function setLikes(db: Kysely<Database>, dialect: Dialect, changes: readonly LikeChange[]): Promise<LikeOutcome[]> {
  return dialect === 'postgres' ? setPostgresLikes(db, changes) : setLikesInOneTransaction(db, changes);
}

/**
 * SQLite: each of `changes` in turn (setLikes' rules), all in one
 * transaction: one commit for a batch of likes (write-batches.ts). Each
 * outcome is the count right after its own change, as if it were alone.
 */
export async function setLikesInOneTransaction(db: Kysely<Database>, changes: readonly LikeChange[]): Promise<LikeOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes: LikeOutcome[] = [];
    for (const change of changes) outcomes.push(await applyLike(trx, change));
    return outcomes;
  });
}

/**
 * PostgreSQL: a batch of likes (write-batches.ts) as one statement, one
 * commit: each like its own transaction held a pooled connection through
 * its own flush of the write-ahead log, and 2,000 a second kept the pool
 * so busy that every other query waited for a connection (`/api/health`
 * p99 37-45 ms at 100,000 prompts; docs/performance.md, session 36). Each
 * outcome is the count right after its own change, as if the batch's
 * changes had been made one after another.
 *
 * The batch locks its visible prompts in id order, as the copies' batch
 * does, each before its likes are written, so two batches (two instances',
 * or a batch of likes and one of copies) never wait for each other's rows
 * in a cycle. (In the plan PostgreSQL chooses, all of them before the first
 * like: like-batches.test.ts; the statement does not promise that.)
 * A batch in which one visitor changes one prompt twice is written one
 * change after another in one transaction, after the same locks: one
 * statement cannot insert and delete the same like in order.
 */
export async function setPostgresLikes(db: Kysely<Database>, changes: readonly LikeChange[]): Promise<LikeOutcome[]> {
  if (changes.length === 0) return [];
  const keys = new Set(changes.map(likeKey));
  if (keys.size < changes.length) {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM prompts WHERE id = ANY(${[...new Set(changes.map((change) => change.promptId))]}::text[])
        AND status = 'visible' ORDER BY id FOR NO KEY UPDATE`.execute(trx);
      const outcomes: LikeOutcome[] = [];
      for (const change of changes) outcomes.push(await setLikeInOneStatement(trx, change));
      return outcomes;
    });
  }
  const { rows } = await sql<{ prompt_id: string; user_id: string | null; value: number }>`${preparedStatement('set-likes')}
    WITH requested AS (
      SELECT * FROM unnest(${changes.map((change) => change.promptId)}::text[], ${changes.map((change) => change.userId)}::text[],
        ${changes.map((change) => change.liked)}::boolean[], ${changes.map((change) => change.createdAt)}::text[])
        AS r(prompt_id, user_id, liked, created_at)
    ),
    locked AS (
      SELECT id, like_count FROM prompts WHERE id IN (SELECT prompt_id FROM requested) AND status = 'visible'
      ORDER BY id FOR NO KEY UPDATE
    ),
    inserted AS (
      INSERT INTO likes (prompt_id, user_id, created_at)
      SELECT prompt_id, user_id, created_at FROM requested WHERE liked AND prompt_id IN (SELECT id FROM locked)
      ON CONFLICT (prompt_id, user_id) DO NOTHING RETURNING prompt_id, user_id
    ),
    deleted AS (
      DELETE FROM likes USING requested
      WHERE NOT requested.liked AND likes.prompt_id = requested.prompt_id AND likes.user_id = requested.user_id
        AND requested.prompt_id IN (SELECT id FROM locked)
      RETURNING likes.prompt_id, likes.user_id
    ),
    moved AS (
      SELECT prompt_id, user_id, 1 AS delta FROM inserted UNION ALL SELECT prompt_id, user_id, -1 AS delta FROM deleted
    ),
    counted AS (
      UPDATE prompts SET like_count = prompts.like_count + batch.delta
      FROM (SELECT prompt_id, sum(delta) AS delta FROM moved GROUP BY prompt_id) AS batch
      WHERE prompts.id = batch.prompt_id
      RETURNING prompts.id, prompts.like_count
    )
    SELECT locked.id AS prompt_id, NULL AS user_id, coalesce(counted.like_count, locked.like_count) AS value
      FROM locked LEFT JOIN counted ON counted.id = locked.id
    UNION ALL
    SELECT prompt_id, user_id, delta AS value FROM moved`.execute(db);
  const finalCounts = new Map<string, number>();
  const moves = new Map<string, number>();
  for (const row of rows) {
    if (row.user_id === null) finalCounts.set(row.prompt_id, Number(row.value));
    else moves.set(likeKey({ promptId: row.prompt_id, userId: row.user_id }), Number(row.value));
  }
  return countsInBatchOrder(changes, finalCounts, (change) => moves.get(likeKey(change)) ?? 0).map((count) =>
    count === undefined ? undefined : { likeCount: count },
  );
}

/** One visitor's like of one prompt, as a key. */
function likeKey({ promptId, userId }: Pick<LikeChange, 'promptId' | 'userId'>): string {
  return JSON.stringify([promptId, userId]);
}

/**
 * SQLite's like statements (setLikesInOneTransaction only), each compiled
 * once (StatementTemplates, decision 0022): a like runs up to four of them
 * on the server's thread, and building them with Kysely every time was
 * about 15% of that thread's time under the bench's likes
 * (docs/performance.md, session 35).
 */
const likeStatements = new StatementTemplates('like', 8);

async function applyLike(trx: Kysely<Database>, { promptId, userId, liked, createdAt }: LikeChange): Promise<LikeOutcome> {
  const run = <R, V extends Record<string, string>>(shape: string, values: V, build: (markers: V) => Compilable<R>) =>
    trx.executeQuery(likeStatements.compiled(shape, values, (markers) => build(markers).compile()));
  const visible = await run('visible', { promptId }, (m) =>
    trx.selectFrom('prompts').select('id').where('id', '=', m.promptId).where('status', '=', 'visible'),
  );
  if (visible.rows.length === 0) return undefined;
  const changed = liked
    ? await run('like', { promptId, userId, createdAt }, (m) =>
        trx
          .insertInto('likes')
          .values({ prompt_id: m.promptId, user_id: m.userId, created_at: m.createdAt })
          .onConflict((conflict) => conflict.columns(['prompt_id', 'user_id']).doNothing()),
      )
    : await run('unlike', { promptId, userId }, (m) =>
        trx.deleteFrom('likes').where('prompt_id', '=', m.promptId).where('user_id', '=', m.userId),
      );
  if (Number(changed.numAffectedRows ?? 0) > 0) {
    await run(liked ? 'count up' : 'count down', { promptId }, (m) =>
      trx
        .updateTable('prompts')
        .set((eb) => ({ like_count: eb('like_count', liked ? '+' : '-', 1) }))
        .where('id', '=', m.promptId),
    );
  }
  const { rows } = await run('count', { promptId }, (m) => trx.selectFrom('prompts').select('like_count').where('id', '=', m.promptId));
  return { likeCount: (rows[0] as { like_count: number }).like_count };
}

/**
 * PostgreSQL: one change as one statement, for a batch of likes in which a
 * visitor changes a prompt twice (setPostgresLikes). Data-modifying CTEs
 * run atomically; the counter moves only when the like row was really
 * inserted or deleted, and the row lock of the UPDATE serialises concurrent
 * likes of one prompt. `current` is the count before this statement, used
 * when nothing changed.
 */
async function setLikeInOneStatement(db: Kysely<Database>, { promptId, userId, liked, createdAt }: LikeChange): Promise<LikeOutcome> {
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

/**
 * Records copies of visible prompts (a batch from write-batches.ts): for each,
 * one copy row and one increment of its prompt's copy_count, all of them or
 * none. Returns one outcome per copy, in order: the prompt's count after that
 * copy, or undefined (nothing written) for an unknown or hidden prompt.
 *
 * Both databases write a batch with set-based statements of constant text
 * (prepared once), whatever its size: the per-copy cost is the rows written,
 * not a round trip and a commit.
 */
export async function recordCopies(db: Kysely<Database>, dialect: Dialect, copies: readonly CopyEvent[]): Promise<CopyOutcome[]> {
  if (copies.length === 0) return [];
  const finalCounts = dialect === 'postgres' ? await countCopiesInOneStatement(db, copies) : await countCopiesInOneTransaction(db, copies);
  return countsInBatchOrder(copies, finalCounts, () => 1).map((count) => (count === undefined ? undefined : { copyCount: count }));
}

/**
 * The count each event of a batch (a copy, or a like's change) would have
 * read had they been written one after the other: the last event of a
 * prompt the final count, each earlier one that less what the events after
 * it `moved` (a copy 1; a like 1, -1, or 0 when nothing changed). Undefined
 * for a prompt with no final count (unknown or hidden: nothing written).
 */
function countsInBatchOrder<Event extends { readonly promptId: string }>(
  events: readonly Event[],
  finalCounts: ReadonlyMap<string, number>,
  moved: (event: Event) => number,
): (number | undefined)[] {
  // Back from the end: each event's count is the final one less what the later events of its prompt moved.
  const running = new Map(finalCounts);
  const counts: (number | undefined)[] = new Array<number | undefined>(events.length);
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index] as Event;
    const count = running.get(event.promptId);
    if (count === undefined) continue;
    counts[index] = count;
    running.set(event.promptId, count - moved(event));
  }
  return counts;
}

const countsById = (rows: readonly { id: string; copy_count: number }[]) => new Map(rows.map((row) => [row.id, Number(row.copy_count)]));

/**
 * PostgreSQL: the whole batch as one prepared statement (one round trip and
 * one commit, where a lone copy took five round trips in a transaction).
 * Returns the final count of each prompt whose counter moved.
 *
 * - `locked` locks the batch's visible prompts in id order, so two batches
 *   (of two server instances) never wait for each other in a cycle; a prompt
 *   hidden meanwhile is re-checked on its newest version and left out.
 * - `counted` adds each prompt's number of copies in the batch at once (a
 *   statement may update a row only once).
 * - `added` inserts a row for every copy of a prompt whose counter moved.
 * Data-modifying CTEs run atomically.
 */
async function countCopiesInOneStatement(db: Kysely<Database>, copies: readonly CopyEvent[]): Promise<Map<string, number>> {
  const result = await sql<{ id: string; copy_count: number }>`${preparedStatement('record-copies')}
    WITH requested AS (
      SELECT * FROM unnest(${copies.map((copy) => copy.promptId)}::text[], ${copies.map((copy) => copy.userId)}::text[],
        ${copies.map((copy) => copy.createdAt)}::text[]) AS r(prompt_id, user_id, created_at)
    ),
    locked AS (
      SELECT id FROM prompts WHERE id IN (SELECT prompt_id FROM requested) AND status = 'visible'
      ORDER BY id FOR NO KEY UPDATE
    ),
    counted AS (
      UPDATE prompts p SET copy_count = p.copy_count + batch.copies
      FROM (SELECT prompt_id, count(*) AS copies FROM requested GROUP BY prompt_id) batch
      WHERE p.id = batch.prompt_id AND p.id IN (SELECT id FROM locked)
      RETURNING p.id, p.copy_count
    ),
    added AS (
      INSERT INTO copies (prompt_id, user_id, created_at)
      SELECT prompt_id, user_id, created_at FROM requested WHERE prompt_id IN (SELECT id FROM counted)
    )
    SELECT id, copy_count FROM counted`.execute(db);
  return countsById(result.rows);
}

/**
 * SQLite: the batch as a JSON array of [prompt id, user id, time] read by
 * json_each, in one transaction of two statements (SQLite has no
 * data-modifying CTEs): the counters of the visible prompts, then a row for
 * every copy of a prompt whose counter moved. One writer at a time, so no
 * hide can fall between them. Returns the final count of each prompt whose
 * counter moved.
 */
async function countCopiesInOneTransaction(db: Kysely<Database>, copies: readonly CopyEvent[]): Promise<Map<string, number>> {
  const batch = JSON.stringify(copies.map((copy) => [copy.promptId, copy.userId, copy.createdAt]));
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ id: string; copy_count: number }>`
      WITH batch AS (SELECT value ->> 0 AS prompt_id, count(*) AS copies FROM json_each(${batch}) GROUP BY value ->> 0)
      UPDATE prompts SET copy_count = copy_count + batch.copies FROM batch
      WHERE prompts.id = batch.prompt_id AND prompts.status = 'visible'
      RETURNING prompts.id AS id, prompts.copy_count AS copy_count`.execute(trx);
    if (counted.rows.length > 0) {
      await sql`
        INSERT INTO copies (prompt_id, user_id, created_at)
        SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${batch})
        WHERE value ->> 0 IN (SELECT value FROM json_each(${JSON.stringify(counted.rows.map((row) => row.id))}))`.execute(trx);
    }
    return countsById(counted.rows);
  });
}
