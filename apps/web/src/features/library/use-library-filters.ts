import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type LibraryFilters, type LibrarySort, filtersFromSearchParams, filtersToSearchParams, withSearchSort } from './filters';

/**
 * The filters live in the URL: reading them from it, and writing a new
 * history entry for each change (the back button steps back through them),
 * or replacing the current one while the visitor is still typing a search.
 * Starting a search picks Best match; clearing it restores the visitor's own
 * sort (withSearchSort), remembered here for as long as the page is open.
 */
export function useLibraryFilters(): [LibraryFilters, (next: LibraryFilters, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Memoised on the string form: a new URLSearchParams with the same content changes nothing.
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(key)), [key]);
  const ownSort = useRef<LibrarySort>('');
  if (filters.sort !== 'relevance') ownSort.current = filters.sort;
  const setFilters = useCallback(
    (next: LibraryFilters, options?: { replace?: boolean }) => {
      const params = filtersToSearchParams(withSearchSort(filters, next, ownSort.current));
      if (params.toString() === key) return;
      setSearchParams(params, { replace: options?.replace ?? false, preventScrollReset: true });
    },
    [key, filters, setSearchParams],
  );
  return [filters, setFilters];
}
