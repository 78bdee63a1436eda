import { type Kysely, sql } from 'kysely';

/**
 * One spelling per category and per model. Values that differ only in case,
 * spaces or punctuation ('coding' and 'Coding', 'gpt 4o' and 'GPT-4o') are
 * merged into the spelling most prompts use (on a tie the one used first,
 * then the lower in code-point order), and the spellings table records the
 * spelling of every value, so later writes keep to it
 * (apps/server/src/spellings/repository.ts). Written once for both dialects.
 *
 * The merge cannot be undone: `down` only drops the table.
 */

/**
 * The spelling key as this migration defines it: a copy, not an import of
 * packages/shared/src/spelling.ts, because a migration must do the same
 * thing on every database it ever runs on, whatever the live rule becomes.
 */
function spellingKey(value: string): string {
  const folded = value.normalize('NFKC').toLowerCase();
  const key = folded.replace(/[\s\p{P}]/gu, (character) => (character === '#' ? character : ''));
  return key === '' ? folded.trim().replace(/\s+/gu, ' ') : key;
}

const FIELDS = ['category', 'model'] as const;

interface Spelling {
  readonly value: string;
  readonly prompts: number;
  readonly first: string;
}

/** The spelling a value keeps: most prompts, then the earliest, then the lowest in code-point order. */
function keeps(a: Spelling, b: Spelling): number {
  if (a.prompts !== b.prompts) return b.prompts - a.prompts;
  if (a.first !== b.first) return a.first < b.first ? -1 : 1;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

const INSERT_BATCH = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spellings')
    .addColumn('field', 'varchar(16)', (col) => col.notNull())
    .addColumn('match_key', 'text', (col) => col.notNull())
    .addColumn('spelling', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('spellings_pk', ['field', 'match_key'])
    .execute();

  for (const field of FIELDS) {
    const column = sql.ref(field);
    const { rows } = await sql<{ value: string; prompts: number | string; first: string }>`
      select ${column} as value, count(*) as prompts, min(created_at) as first from prompts group by ${column}
    `.execute(db);
    const byKey = new Map<string, Spelling[]>();
    for (const row of rows) {
      const spelling = { value: row.value, prompts: Number(row.prompts), first: row.first };
      const key = spellingKey(row.value);
      byKey.set(key, [...(byKey.get(key) ?? []), spelling]);
    }
    const kept: { field: string; match_key: string; spelling: string }[] = [];
    for (const [key, spellings] of byKey) {
      const [winner, ...others] = [...spellings].sort(keeps);
      if (!winner) continue;
      for (const other of others) {
        await sql`update prompts set ${column} = ${winner.value} where ${column} = ${other.value}`.execute(db);
      }
      kept.push({ field, match_key: key, spelling: winner.value });
    }
    for (let start = 0; start < kept.length; start += INSERT_BATCH) {
      const values = kept.slice(start, start + INSERT_BATCH).map((row) => sql`(${row.field}, ${row.match_key}, ${row.spelling})`);
      await sql`insert into spellings (field, match_key, spelling) values ${sql.join(values)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spellings').execute();
}
