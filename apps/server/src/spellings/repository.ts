import { spellingKey } from '@prompt-vault/shared/spelling';
import type { Kysely } from 'kysely';
import type { Database, SpelledField } from '../db/schema';

/**
 * The spelling to store for `value` in `field`: the one the library already
 * uses for that value, ignoring case, spaces and punctuation
 * (packages/shared/src/spelling.ts), or `value` itself for a value new to the
 * library, which from then on is the spelling.
 *
 * The spellings table decides: its primary key admits one spelling per
 * value, so of two concurrent submissions of 'Legal Drafting' and
 * 'legal-drafting' one inserts and the other (on PostgreSQL after waiting
 * for the first's transaction) reads the first's spelling. Run it in the
 * transaction that writes the prompt, so a refused write leaves no spelling
 * behind.
 */
export async function knownSpelling(db: Kysely<Database>, field: SpelledField, value: string): Promise<string> {
  const matchKey = spellingKey(value);
  const known = await readSpelling(db, field, matchKey);
  if (known !== undefined) return known;
  // First time this value is written here. Prompts written without this
  // table (the sample data, the benchmark generator) may already use it.
  const inLibrary = (await distinctValues(db, field)).find((stored) => spellingKey(stored) === matchKey);
  await db
    .insertInto('spellings')
    .values({ field, match_key: matchKey, spelling: inLibrary ?? value })
    .onConflict((conflict) => conflict.columns(['field', 'match_key']).doNothing())
    .execute();
  // Whichever insert won, its spelling is the one.
  return (await readSpelling(db, field, matchKey)) ?? inLibrary ?? value;
}

/**
 * A prompt's category and model in the library's spellings. `cache` (one per
 * transaction) saves asking again for values repeated in one import batch.
 */
export async function withKnownSpellings<T extends { readonly category: string; readonly model: string }>(
  db: Kysely<Database>,
  row: T,
  cache: Map<string, string> = new Map(),
): Promise<T> {
  const spelled = async (field: SpelledField, value: string) => {
    const key = `${field}\u0000${spellingKey(value)}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const spelling = await knownSpelling(db, field, value);
    cache.set(key, spelling);
    return spelling;
  };
  // Always category before model, so concurrent writers take the keys' locks in one order.
  const category = await spelled('category', row.category);
  const model = await spelled('model', row.model);
  return category === row.category && model === row.model ? row : { ...row, category, model };
}

async function readSpelling(db: Kysely<Database>, field: SpelledField, matchKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('spellings')
    .select('spelling')
    .where('field', '=', field)
    .where('match_key', '=', matchKey)
    .executeTakeFirst();
  return row?.spelling;
}

/** Every value a column holds, of visible and hidden prompts (the leading column of an index, so cheap). */
async function distinctValues(db: Kysely<Database>, field: SpelledField): Promise<string[]> {
  const rows = await db
    .selectFrom('prompts')
    .select((eb) => eb.ref(field).as('value'))
    .distinct()
    .execute();
  return rows.map((row) => row.value);
}
