import { MESSAGES } from '@prompt-vault/shared/messages';
import { searchTextOf } from '@prompt-vault/shared/search-text';
import { TAG_LIMITS } from '@prompt-vault/shared/limits';
import { isValidTag, normaliseTags, splitTagList } from '@prompt-vault/shared/tags';

/**
 * The library's filters and their place in the URL
 * (`/?q=email&category=Writing&model=GPT-4&tags=email,work&sort=likes_desc&liked=true`), so a
 * filtered view can be shared and the back button restores it. Pure, so the
 * mapping is tested without a browser.
 */

/**
 * The sort select's values: '' keeps the server's order ('Sort by Likes');
 * 'relevance' (Best match) orders a search and exists only with one.
 */
export const LIBRARY_SORTS = ['likes_desc', 'likes_asc', 'relevance'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number] | '';

export interface LibraryFilters {
  readonly q: string;
  readonly category: string;
  readonly model: string;
  /** Normalised tags (packages/shared/src/tags.ts): prompts carrying all of them. */
  readonly tags: readonly string[];
  readonly sort: LibrarySort;
  readonly likedOnly: boolean;
}

export type FilterKey = keyof LibraryFilters;

export const EMPTY_FILTERS: LibraryFilters = { q: '', category: '', model: '', tags: [], sort: '', likedOnly: false };

/** The URL parameter names, in the order they are written. */
const PARAM = { q: 'q', category: 'category', model: 'model', tags: 'tags', sort: 'sort', likedOnly: 'liked' } as const;

/**
 * The tags of a URL's `tags=a,b`, by the API's rule: normalised, duplicates
 * merged, invalid ones dropped and at most TAG_LIMITS.perPrompt kept (a
 * pasted link never turns into an error page).
 */
export function tagsFromParam(value: string | null): string[] {
  return normaliseTags(splitTagList(value ?? ''))
    .filter(isValidTag)
    .slice(0, TAG_LIMITS.perPrompt);
}

function isLibrarySort(value: string | null): value is (typeof LIBRARY_SORTS)[number] {
  return value !== null && (LIBRARY_SORTS as readonly string[]).includes(value);
}

/** Reads the filters from a URL's search part; unknown or malformed values are ignored (Best match without a search too). */
export function filtersFromSearchParams(params: URLSearchParams): LibraryFilters {
  const sort = params.get(PARAM.sort);
  const q = params.get(PARAM.q) ?? '';
  return {
    q,
    category: params.get(PARAM.category) ?? '',
    model: params.get(PARAM.model) ?? '',
    tags: tagsFromParam(params.get(PARAM.tags)),
    sort: isLibrarySort(sort) && (sort !== 'relevance' || searchTextOf(q) !== '') ? sort : '',
    likedOnly: params.get(PARAM.likedOnly) === 'true',
  };
}

/**
 * Writes the filters as URL parameters, leaving out the inactive ones, so the
 * unfiltered library is plain `/`. The search text is trimmed: surrounding
 * spaces never change the results.
 */
export function filtersToSearchParams(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = searchTextOf(filters.q);
  if (q) params.set(PARAM.q, q);
  if (filters.category) params.set(PARAM.category, filters.category);
  if (filters.model) params.set(PARAM.model, filters.model);
  if (filters.tags.length > 0) params.set(PARAM.tags, filters.tags.join(','));
  if (filters.sort) params.set(PARAM.sort, filters.sort);
  if (filters.likedOnly) params.set(PARAM.likedOnly, 'true');
  return params;
}

/**
 * The sort that follows a change of the search text: starting a search picks
 * Best match, and clearing it returns to the visitor's own sort (`ownSort`,
 * the last one they had other than Best match). A sort picked in the same
 * change, or during a search, is kept.
 */
export function withSearchSort(previous: LibraryFilters, next: LibraryFilters, ownSort: LibrarySort): LibraryFilters {
  const searching = searchTextOf(next.q) !== '';
  if (!searching) return next.sort === 'relevance' ? { ...next, sort: ownSort === 'relevance' ? '' : ownSort } : next;
  const started = searchTextOf(previous.q) === '';
  return started && next.sort === previous.sort ? { ...next, sort: 'relevance' } : next;
}

/** The filters with their search text trimmed: two URLs that mean the same list share one cache entry. */
export function normalizeFilters(filters: LibraryFilters): LibraryFilters {
  return { ...filters, q: searchTextOf(filters.q) };
}

export function hasActiveFilter(filters: LibraryFilters): boolean {
  return filtersToSearchParams(filters).size > 0;
}

/** The query string of one page of GET /api/prompts for these filters. */
export function listQueryString(filters: LibraryFilters, limit: number, cursor: string | undefined): string {
  const params = filtersToSearchParams(filters);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export interface FilterChip {
  readonly key: FilterKey;
  /** For a tag's chip: the tag it removes (each tag has a chip of its own). */
  readonly tag?: string;
  /** The chip's visible text. */
  readonly label: string;
}

const SORT_LABELS: Record<(typeof LIBRARY_SORTS)[number], string> = {
  likes_desc: MESSAGES.library.mostPopular,
  likes_asc: MESSAGES.library.leastPopular,
  relevance: MESSAGES.library.bestMatch,
};

/** One removable chip per active filter, in the order of the controls. */
export function activeFilterChips(filters: LibraryFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const q = searchTextOf(filters.q);
  if (q) chips.push({ key: 'q', label: `Search: ${q}` });
  if (filters.category) chips.push({ key: 'category', label: `Category: ${filters.category}` });
  if (filters.model) chips.push({ key: 'model', label: `Model: ${filters.model}` });
  for (const tag of filters.tags) chips.push({ key: 'tags', tag, label: MESSAGES.tags.chip(tag) });
  if (filters.sort) chips.push({ key: 'sort', label: SORT_LABELS[filters.sort] });
  if (filters.likedOnly) chips.push({ key: 'likedOnly', label: MESSAGES.library.likedByMe });
  return chips;
}

/** The filters with one of them reset, as removing its chip does; for tags, only the chip's tag. */
export function withoutFilter(filters: LibraryFilters, key: FilterKey, tag?: string): LibraryFilters {
  if (key === 'tags' && tag !== undefined) return { ...filters, tags: filters.tags.filter((kept) => kept !== tag) };
  return { ...filters, [key]: EMPTY_FILTERS[key] };
}

/** The filters with a tag added, or taken away when it is already chosen (the tag filter's toggle buttons). */
export function withTagToggled(filters: LibraryFilters, tag: string): LibraryFilters {
  if (filters.tags.includes(tag)) return withoutFilter(filters, 'tags', tag);
  return { ...filters, tags: [...filters.tags, tag].slice(0, TAG_LIMITS.perPrompt) };
}

/** How many tags the filter offers: the most used ones (the facets' order), plus any already chosen. */
export const TAG_FILTER_OPTIONS = 24;

export function tagFilterOptions(facetTags: readonly { name: string; count: number }[], chosen: readonly string[]): string[] {
  const options = facetTags.slice(0, TAG_FILTER_OPTIONS).map((facet) => facet.name);
  return [...options, ...chosen.filter((tag) => !options.includes(tag))];
}

/**
 * The options of the category or model select: the library's distinct values
 * sorted alphabetically, plus the current choice when a shared link names a
 * value the library no longer holds, so the select always shows what filters
 * the list.
 */
export function selectOptions(names: readonly string[], current: string): string[] {
  const options = new Set(names);
  if (current) options.add(current);
  return [...options].sort((a, b) => a.localeCompare(b));
}
