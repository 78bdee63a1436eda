import { popularKeywords } from '@prompt-vault/shared/keywords';
import { TAG_FACET_LIMIT } from '@prompt-vault/shared/limits';
import type { Facets } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import { cacheKeys } from '../cache/keys';
import type { AppCaches } from '../cache/app-caches';
import type { Database } from '../db/schema';
import { mostUsedTags } from '../tags/repository';
import * as repository from './repository';

export interface FacetsService {
  get(): Promise<Facets>;
}

/** Facets read every title (100 ms at 100k prompts), so they are cached until a prompt is added. */
export function createFacetsService(db: Kysely<Database>, caches: AppCaches): FacetsService {
  return {
    get: () => caches.catalog.get(cacheKeys.facets, compute),
  };

  async function compute(): Promise<Facets> {
    const [total, categories, models, titles, tags] = await Promise.all([
      repository.countVisible(db),
      repository.valueCounts(db, 'category'),
      repository.valueCounts(db, 'model'),
      repository.visibleTitles(db),
      // Kept counts (migration 0006), read from their index: no prompt is counted here.
      mostUsedTags(db, TAG_FACET_LIMIT),
    ]);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return {
      total,
      categories: categories.map((row) => ({ name: row.name, count: Number(row.count) })).sort(byName),
      models: models.map((row) => ({ name: row.name, count: Number(row.count) })).sort(byName),
      keywords: popularKeywords(titles),
      tags,
    };
  }
}
