import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { VocabularyEntry } from './closest-word';

/**
 * The most used title words (and tags) a suggestion may be: a typo is nearly
 * always of a common word, and the cap bounds the index at any library size.
 */
const MAX_WORDS_PER_SOURCE = 20_000;

/**
 * The library's own words, from the counts kept with the writes (decision
 * 0010, migration 0006): title words with their uses, tags and the words of
 * category and model names with their prompts.
 */
export async function vocabularyEntries(db: Kysely<Database>): Promise<VocabularyEntry[]> {
  const [titleWords, facets, tags] = await Promise.all([
    db
      .selectFrom('summary_keywords')
      .select(['word', 'uses'])
      .where('uses', '>', 0)
      .orderBy('uses', 'desc')
      .orderBy('word')
      .limit(MAX_WORDS_PER_SOURCE)
      .execute(),
    db.selectFrom('summary_facets').select(['name', 'prompts']).where('prompts', '>', 0).execute(),
    db
      .selectFrom('tags')
      .select(['name', 'count'])
      .where('count', '>', 0)
      .orderBy('count', 'desc')
      .orderBy('name')
      .limit(MAX_WORDS_PER_SOURCE)
      .execute(),
  ]);
  const entries: VocabularyEntry[] = titleWords.map((row) => ({ word: row.word, uses: Number(row.uses) }));
  const named = [
    ...facets.map((facet) => ({ name: facet.name, uses: Number(facet.prompts) })),
    ...tags.map((tag) => ({ name: tag.name, uses: Number(tag.count) })),
  ];
  for (const { name, uses } of named) {
    for (const word of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word) entries.push({ word, uses });
    }
  }
  return entries;
}
