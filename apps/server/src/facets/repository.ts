import { type Kysely, sql } from 'kysely';
import { KEYWORD_COUNT } from '@prompt-vault/shared/limits';
import type { Database, SpelledField } from '../db/schema';

/**
 * Facets read the summaries kept with the writes (migration 0005, decision
 * 0010), never the prompts: a handful of small rows at any library size.
 */

/** Visible prompts per category or model, as stored (the service orders them). */
export async function valueCounts(db: Kysely<Database>, field: SpelledField) {
  const rows = await db
    .selectFrom('summary_facets')
    .select(['name', 'prompts'])
    .where('field', '=', field)
    .where('prompts', '>', 0)
    .orderBy('name', 'asc')
    .execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.prompts) }));
}

/**
 * The title words that may be among the `count` popular keywords with their
 * uses: every word at least as frequent as the `count`-th, ties included, so
 * the caller ranks them exactly as the keywords rule does (ties alphabetical
 * by localeCompare, which no SQL collation reproduces on both databases).
 */
export async function keywordCandidates(db: Kysely<Database>, count: number = KEYWORD_COUNT): Promise<[string, number][]> {
  const threshold = db
    .selectFrom('summary_keywords')
    .select('uses')
    .where('uses', '>', 0)
    .orderBy('uses', 'desc')
    .offset(count - 1)
    .limit(1);
  const rows = await db
    .selectFrom('summary_keywords')
    .select(['word', 'uses'])
    .where('uses', '>', 0)
    .where((eb) => eb('uses', '>=', eb.fn.coalesce(threshold, sql<number>`1`)))
    .execute();
  return rows.map((row) => [row.word, Number(row.uses)]);
}
