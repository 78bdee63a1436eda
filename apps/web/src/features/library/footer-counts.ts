import type { LibraryFilters } from './filters';
import { searchTextOf } from '@prompt-vault/shared/search-text';

export interface FooterCounts {
  /** X: the prompts that match the search and filters, all of them, loaded or not. */
  readonly shown: number;
  /** Y: the prompts the library holds. */
  readonly total: number;
}

/** Whether the filters leave out any prompt (sorting only reorders). */
function narrows(filters: LibraryFilters): boolean {
  return searchTextOf(filters.q) !== '' || filters.category !== '' || filters.model !== '' || filters.likedOnly;
}

/**
 * The spec's 'Displaying X of Y prompts': X is the list's X-Total-Count (the
 * matches, however many pages are loaded), Y the library's size from the
 * facets. Unfiltered, the matches are the library, so the footer need not
 * wait for the facets. Undefined while a filtered list waits for them.
 */
export function footerCounts({
  matches,
  libraryTotal,
  filters,
}: {
  readonly matches: number;
  readonly libraryTotal: number | undefined;
  readonly filters: LibraryFilters;
}): FooterCounts | undefined {
  if (libraryTotal === undefined) return narrows(filters) ? undefined : { shown: matches, total: matches };
  // The facets are cached longer than the list: a library that grew since
  // they were read never shows fewer prompts than a search found in it.
  return { shown: matches, total: Math.max(libraryTotal, matches) };
}
