import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bandKeys, shingles } from './fingerprint';

/** A stored prompt's title and text, by id. */
export interface PromptText {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
}

/** Parameters per inserted row and rows per statement: well under both databases' parameter limits. */
const ROWS_PER_INSERT = 4000;

/**
 * Stores the near-duplicate index keys (migration 0008) of new prompts.
 * Callers run it inside the transaction that inserts them, so the index
 * always holds exactly the stored prompts.
 */
export async function addSimilarityBands(trx: Kysely<Database>, prompts: readonly PromptText[]): Promise<void> {
  const rows = prompts.flatMap(({ id, title, prompt }) =>
    bandKeys(shingles(title, prompt)).map((band_key) => ({ band_key, prompt_id: id })),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('similarity_bands')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

/**
 * The prompts stored under each key, at most `perKey` of them (the first by
 * id, in code point order on both databases): one short range of the
 * primary key per band, read from the index alone, so the rows read never
 * exceed keys x perKey however large the library or however common a key.
 * A prompt appears once per key it shares. Hidden prompts are left out
 * later, by visiblePromptTexts: joining the prompts here would make
 * PostgreSQL match ids across two collations (this table's "C" and the
 * prompts' default), which it did by sorting all 100,000 ids (1 s a check).
 */
export async function promptsSharingKeys(db: Kysely<Database>, keys: readonly number[], perKey: number): Promise<string[]> {
  const [first, ...rest] = keys.map((key, index) =>
    db
      .selectFrom(
        db
          .selectFrom('similarity_bands')
          .select('prompt_id')
          .where('band_key', '=', key)
          .orderBy('prompt_id')
          .limit(perKey)
          .as(`k${index}`),
      )
      .selectAll(),
  );
  if (!first) return [];
  const rows = await (rest.length > 0 ? first.unionAll(rest) : first).execute();
  return rows.map((row) => row.prompt_id);
}

/** The titles and texts of the visible prompts among `ids`. */
export async function visiblePromptTexts(db: Kysely<Database>, ids: readonly string[]): Promise<PromptText[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('prompts')
    .select(['id', 'title', 'prompt'])
    .where('id', 'in', [...ids])
    .where('status', '=', 'visible')
    .execute();
}
