import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { VocabularyEntry } from './closest-word';

/**
 * The most used title words a suggestion may be: a typo is nearly always of
 * a common word, and the cap bounds the index at any library size.
 */
const MAX_TITLE_WORDS = 20_000;

/**
 * The library's own words, from the summaries kept with the writes (decision
 * 0010): title words with their uses, and the words of category and model
 * names with their prompts.
 */
export async function vocabularyEntries(db: Kysely<Database>): Promise<VocabularyEntry[]> {
  const [titleWords, facets] = await Promise.all([
    db
      .selectFrom('summary_keywords')
      .select(['word', 'uses'])
      .where('uses', '>', 0)
      .orderBy('uses', 'desc')
      .orderBy('word')
      .limit(MAX_TITLE_WORDS)
      .execute(),
    db.selectFrom('summary_facets').select(['name', 'prompts']).where('prompts', '>', 0).execute(),
  ]);
  const entries: VocabularyEntry[] = titleWords.map((row) => ({ word: row.word, uses: Number(row.uses) }));
  for (const facet of facets) {
    for (const word of facet.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word) entries.push({ word, uses: Number(facet.prompts) });
    }
  }
  return entries;
}
