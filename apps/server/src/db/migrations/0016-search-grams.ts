import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Both databases: `search_grams`, how many visible prompts hold each search
 * needle of one or two ASCII characters (db/search-grams.ts, decision
 * 0015), kept with the writes like the other summaries (decision 0010), so
 * such a search's exact total is one row instead of a scan of every text.
 *
 * Counted here once from the library, with this migration's own copy of the
 * rule (migrations are history): a gram is one or two ASCII characters of
 * the title or of the text, as the database's search compares them: on
 * SQLite the stored text with A-Z folded (LIKE folds ASCII alone), on
 * PostgreSQL the lower-cased copy in prompt_search (migration 0007) as it
 * is. Any other character ends a gram. Each prompt counts a gram once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_grams (gram text NOT NULL PRIMARY KEY, prompts integer NOT NULL)`.execute(db);
  const sqlite = dialectOf(db) === 'sqlite';
  const counts = new Map<string, number>();
  let after = '';
  for (;;) {
    const { rows } = await (
      sqlite
        ? sql<Text>`SELECT id, title, prompt FROM prompts WHERE status = 'visible' AND id > ${after} ORDER BY id LIMIT ${BATCH}`
        : // The batch's ids first (a bounded range), then their texts: a join read prompts from the first id every batch.
          sql<Text>`SELECT s.id, s.title, s.prompt FROM prompt_search s
          WHERE s.id IN (SELECT id FROM prompts WHERE status = 'visible' AND id > ${after} ORDER BY id LIMIT ${BATCH}) ORDER BY s.id`
    ).execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const grams = new Set<string>();
      for (const value of [row.title, row.prompt]) gramsOf(sqlite ? value.replace(/[A-Z]/g, (c) => c.toLowerCase()) : value, grams);
      for (const gram of grams) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  const values = [...counts].map(([gram, prompts]) => sql`(${gram}, ${prompts})`);
  for (let start = 0; start < values.length; start += BATCH) {
    await sql`INSERT INTO search_grams (gram, prompts) VALUES ${sql.join(values.slice(start, start + BATCH))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_grams`.execute(db);
}

interface Text {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
}

const BATCH = 500;

/** Adds to `grams` every run of one or two ASCII characters in `value`. */
function gramsOf(value: string, grams: Set<string>): void {
  let previous = '';
  for (const char of value) {
    if (char.charCodeAt(0) >= 128) {
      previous = '';
      continue;
    }
    grams.add(char);
    if (previous) grams.add(previous + char);
    previous = char;
  }
}
