import type { Kysely } from 'kysely';
import { duplicateKey } from '../db/duplicate-key';
import type { Database, NewPrompt, Visibility } from '../db/schema';
import { countVisiblePrompts } from '../db/summaries';
import { addSimilarityBands } from '../similar/repository';
import { withKnownSpellings } from '../spellings/repository';
import { addPromptTags } from '../tags/repository';
import { fromTagList } from '../tags/stored-tags';

/** Adding prompts: one from the share form, or a batch from an import, never a duplicate. */

export type InsertPromptResult =
  { readonly inserted: true } | { readonly inserted: false; readonly existing: { readonly id: string; readonly status: Visibility } };

/** Thrown inside insertPrompt's transaction to roll it back when the prompt was a duplicate. */
class DuplicatePrompt extends Error {}

/**
 * Inserts a prompt unless one with the same duplicate key exists. The unique
 * index decides, so two identical concurrent submissions store exactly one.
 * Its category and model are stored in the library's spelling of them
 * (spellings/repository.ts), its title words counted for the popular
 * keywords (db/summaries.ts; triggers keep the other summaries), its tags
 * (`tag_list`) recorded and counted and its near-duplicate keys stored
 * (similar/repository.ts), all in the same transaction, which a
 * duplicate rolls back so a refused prompt leaves nothing behind.
 */
export async function insertPrompt(db: Kysely<Database>, prompt: NewPrompt): Promise<InsertPromptResult> {
  try {
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('prompts')
        .values(await withKnownSpellings(trx, prompt))
        .onConflict((conflict) => conflict.column('duplicate_key').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
        if (prompt.duplicate_key) throw new DuplicatePrompt();
        return;
      }
      if (prompt.status !== 'hidden') await countVisiblePrompts(trx, [prompt], 1);
      await addPromptTags(trx, prompt, fromTagList(prompt.tag_list ?? ''), prompt.status ?? 'visible');
      await addSimilarityBands(trx, [prompt]);
    });
    return { inserted: true };
  } catch (error) {
    if (!(error instanceof DuplicatePrompt) || !prompt.duplicate_key) throw error;
  }
  const existing = await db
    .selectFrom('prompts')
    .select(['id', 'status'])
    .where('duplicate_key', '=', prompt.duplicate_key)
    .executeTakeFirst();
  // The other row vanished between the two statements (never in practice: prompts are not deleted).
  if (!existing) return insertPrompt(db, prompt);
  return { inserted: false, existing };
}

/** A prompt's identity for imports and duplicate checks: its title and text. */
export interface TitleText {
  readonly title: string;
  readonly prompt: string;
}

/**
 * The title/text pairs already stored, of any status, among `rows` (matched by
 * duplicate key). Hidden prompts count too, so an import never brings back a
 * prompt that moderation took down.
 */
export async function findTitleTexts(db: Kysely<Database>, rows: readonly TitleText[]): Promise<TitleText[]> {
  if (rows.length === 0) return [];
  return db
    .selectFrom('prompts')
    .select(['title', 'prompt'])
    .where('duplicate_key', 'in', [...new Set(rows.map(titleTextKey))])
    .execute();
}

/**
 * Inserts, in one transaction, every prompt that is not stored yet (by the
 * same normalised title and text the share form's duplicate check uses), and
 * returns the ones left out because they were. Checking and inserting in the
 * same transaction keeps a batch all-or-nothing. Categories and models are
 * stored in the library's spelling of them, as through the API; tags are
 * recorded and counted and near-duplicate keys stored as through the API.
 */
export async function insertPromptsIfAbsent(db: Kysely<Database>, rows: readonly NewPrompt[]): Promise<NewPrompt[]> {
  if (rows.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const storedKeys = new Set((await findTitleTexts(trx, rows)).map(titleTextKey));
    const spellings = new Map<string, string>();
    const fresh: NewPrompt[] = [];
    for (const row of rows) {
      if (storedKeys.has(titleTextKey(row))) continue;
      fresh.push({ ...(await withKnownSpellings(trx, row, spellings)), duplicate_key: titleTextKey(row) });
    }
    if (fresh.length > 0) {
      await trx.insertInto('prompts').values(fresh).execute();
      await countVisiblePrompts(
        trx,
        fresh.filter((row) => row.status !== 'hidden'),
        1,
      );
    }
    for (const row of fresh) await addPromptTags(trx, row, fromTagList(row.tag_list ?? ''), row.status ?? 'visible');
    await addSimilarityBands(trx, fresh);
    return rows.filter((row) => storedKeys.has(titleTextKey(row)));
  });
}

/** The duplicate key of a title/text pair (normalised: case, spacing and Unicode form do not count). */
export function titleTextKey(pair: TitleText): string {
  return duplicateKey(pair.title, pair.prompt);
}
