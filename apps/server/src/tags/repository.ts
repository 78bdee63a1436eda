import type { Kysely } from 'kysely';
import type { Database, Visibility } from '../db/schema';

/**
 * The tag tables (migration 0006). Callers run these inside the transaction
 * of the write that changes a prompt's tags or visibility, so `tags.count`
 * never drifts from the visible prompts that carry each tag.
 */

/** Records a new prompt's tags, each with its creation time (migration 0013); a visible prompt also counts towards each tag. */
export async function addPromptTags(
  trx: Kysely<Database>,
  prompt: { readonly id: string; readonly created_at: string },
  tags: readonly string[],
  status: Visibility = 'visible',
): Promise<void> {
  if (tags.length === 0) return;
  await trx
    .insertInto('prompt_tags')
    .values(tags.map((tag) => ({ tag, prompt_id: prompt.id, created_at: prompt.created_at })))
    .execute();
  if (status === 'visible') await countTags(trx, tags, 1);
}

/**
 * Moves each tag's count of visible prompts by `step` (+1 shown, -1 hidden).
 * Adding creates missing rows; taking away updates rows that exist (a prompt
 * is hidden only after it was counted), since an upsert's proposed row of -1
 * would break the non-negative check before the conflict is seen.
 */
export async function countTags(trx: Kysely<Database>, tags: readonly string[], step: 1 | -1): Promise<void> {
  if (tags.length === 0) return;
  if (step === -1) {
    await trx
      .updateTable('tags')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('name', 'in', tags)
      .execute();
    return;
  }
  await trx
    .insertInto('tags')
    .values(tags.map((name) => ({ name, count: 1 })))
    .onConflict((conflict) => conflict.column('name').doUpdateSet((eb) => ({ count: eb('tags.count', '+', 1) })))
    .execute();
}

/** The most used tags of visible prompts: by count, then by name (code point order on both databases). */
export async function mostUsedTags(db: Kysely<Database>, limit: number): Promise<{ name: string; count: number }[]> {
  const rows = await db
    .selectFrom('tags')
    .select(['name', 'count'])
    .where('count', '>', 0)
    .orderBy('count', 'desc')
    .orderBy('name', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}
