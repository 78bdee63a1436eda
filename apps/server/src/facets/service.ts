import { rankKeywords } from '@prompt-vault/shared/keywords';
import { TAG_FACET_LIMIT } from '@prompt-vault/shared/limits';
import type { Facets } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import { cacheKeys } from '../cache/keys';
import type { AppCaches } from '../cache/app-caches';
import type { Database } from '../db/schema';
import { visiblePromptCount } from '../db/summaries';
import { mostUsedTags } from '../tags/repository';
import * as repository from './repository';

export interface FacetsService {
  get(): Promise<Facets>;
}

/**
 * Facets read the summaries kept with the writes (a few small rows at any
 * library size, decision 0010). They stay cached until a prompt is added,
 * hidden or shown: cheap as the read now is, the cache still saves a round
 * trip and the encoding for every visitor in between.
 */
export function createFacetsService(db: Kysely<Database>, caches: AppCaches): FacetsService {
  return {
    get: () => caches.catalog.get(cacheKeys.facets, compute),
  };

  async function compute(): Promise<Facets> {
    const [total, categories, models, keywords, tags] = await Promise.all([
      visiblePromptCount(db),
      repository.valueCounts(db, 'category'),
      repository.valueCounts(db, 'model'),
      repository.keywordCandidates(db),
      // Kept counts (migration 0006), read from their index: no prompt is counted here.
      mostUsedTags(db, TAG_FACET_LIMIT),
    ]);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return {
      total,
      categories: categories.sort(byName),
      models: models.sort(byName),
      keywords: rankKeywords(keywords),
      tags,
    };
  }
}
