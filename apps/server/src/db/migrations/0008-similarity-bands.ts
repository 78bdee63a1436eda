import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * The near-duplicate warning's index (issue 20 item 5): `similarity_bands`
 * holds, for every prompt, the MinHash LSH keys of its title and text
 * (similar/fingerprint.ts), so POST /api/prompts/similar reads a few short
 * index ranges instead of comparing with every prompt. Kept on writes: every
 * insert (the share form, imports, the sample data, the generator) adds its
 * prompt's keys in the same transaction. Hidden prompts keep theirs; reads
 * check the prompts' status, so hiding and unhiding write nothing here.
 *
 * Existing prompts are backfilled with this file's own copy of the key
 * computation as it was when the migration was written (a migration is
 * history and imports no live code); 0008-similarity-bands.test.ts checks
 * that it still equals the live one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // Ids compare by code point on both databases (see 0006), so a full key's first rows are the same everywhere.
  const table = db.schema
    .createTable('similarity_bands')
    .addColumn('band_key', 'bigint', (col) => col.notNull())
    .addColumn('prompt_id', 'varchar(32)', (col) => {
      const column = col.notNull().references('prompts.id').onDelete('cascade');
      return postgres ? column.modifyFront(sql`collate "C"`) : column;
    })
    .addPrimaryKeyConstraint('similarity_bands_pk', ['band_key', 'prompt_id']);
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  await backfill(db as Kysely<BackfillTables>);
  // Statistics at once, so the planner reads the new index as the short ranges it holds.
  if (postgres) await sql`ANALYZE similarity_bands`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('similarity_bands').execute();
}

interface BackfillTables {
  prompts: { id: string; title: string; prompt: string };
  similarity_bands: { band_key: number; prompt_id: string };
}

const PAGE = 2000;
/** Two parameters a row: well under SQLite's and PostgreSQL's limits. */
const INSERT_ROWS = 4000;

async function backfill(db: Kysely<BackfillTables>): Promise<void> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('prompts')
      .select(['id', 'title', 'prompt'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) return;
    const rows = page.flatMap(({ id, title, prompt }) => bandKeys(title, prompt).map((band_key) => ({ band_key, prompt_id: id })));
    for (let start = 0; start < rows.length; start += INSERT_ROWS) {
      await db
        .insertInto('similarity_bands')
        .values(rows.slice(start, start + INSERT_ROWS))
        .execute();
    }
    after = (page[page.length - 1] as { id: string }).id;
  }
}

// The key computation as of this migration (similar/fingerprint.ts): 24 bands of 3 min-hashes over word pairs.
const BANDS = 24;
const ROWS = 3;

function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) h = Math.imul(h ^ text.charCodeAt(index), 0x01000193);
  return mix32(h);
}

const SEEDS = Uint32Array.from({ length: BANDS * ROWS }, (_, index) => mix32(Math.imul(index + 1, 0x9e3779b9)));

export function bandKeys(title: string, prompt: string): number[] {
  const words = `${title} ${prompt}`
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
  const shingles = new Set(words.length === 1 ? words : words.slice(1).map((word, index) => `${words[index]} ${word}`));
  if (shingles.size === 0) return [];
  const minima = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const shingle of shingles) {
    const hash = hashText(shingle);
    for (let index = 0; index < SEEDS.length; index += 1) {
      const value = mix32(hash ^ (SEEDS[index] as number));
      if (value < (minima[index] as number)) minima[index] = value;
    }
  }
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band += 1) {
    let h = 0x811c9dc5 ^ band;
    for (let row = 0; row < ROWS; row += 1) h = Math.imul(h ^ (minima[band * ROWS + row] as number), 0x01000193);
    keys.push(band * 2 ** 32 + mix32(h));
  }
  return keys;
}
