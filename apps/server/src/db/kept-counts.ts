import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/** The summary tables of a count per text key that the application keeps (decisions 0010, 0015 and 0016). */
const KEPT_COUNT_TABLES = {
  summary_keywords: { key: 'word', count: 'uses' },
  search_grams: { key: 'gram', count: 'prompts' },
  search_word_counts: { key: 'word', count: 'prompts' },
} as const;

const BATCH = 500;

/**
 * Adds `step` times each count to its key's row of `table`, creating the
 * rows it lacks, in batches. In key order, so two transactions lock the
 * keys they share in the same order and cannot deadlock.
 */
export async function addKeptCounts(
  db: Kysely<Database>,
  table: keyof typeof KEPT_COUNT_TABLES,
  counts: ReadonlyMap<string, number>,
  step: 1 | -1,
): Promise<void> {
  const { key, count } = KEPT_COUNT_TABLES[table];
  const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows.slice(start, start + BATCH).map(([name, n]) => sql`(${name}, ${step * n})`);
    await sql`INSERT INTO ${sql.table(table)} (${sql.ref(key)}, ${sql.ref(count)}) VALUES ${sql.join(values)}
      ON CONFLICT (${sql.ref(key)}) DO UPDATE SET ${sql.ref(count)} = ${sql.ref(`${table}.${count}`)} + ${sql.ref(`excluded.${count}`)}`.execute(
      db,
    );
  }
}
