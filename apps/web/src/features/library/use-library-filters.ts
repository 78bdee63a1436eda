import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type LibraryFilters, filtersFromSearchParams, filtersToSearchParams } from './filters';

/**
 * The filters live in the URL: reading them from it, and writing a new
 * history entry for each change (the back button steps back through them),
 * or replacing the current one while the visitor is still typing a search.
 */
export function useLibraryFilters(): [LibraryFilters, (next: LibraryFilters, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Memoised on the string form: a new URLSearchParams with the same content changes nothing.
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(key)), [key]);
  const setFilters = useCallback(
    (next: LibraryFilters, options?: { replace?: boolean }) => {
      const params = filtersToSearchParams(next);
      if (params.toString() === key) return;
      setSearchParams(params, { replace: options?.replace ?? false, preventScrollReset: true });
    },
    [key, setSearchParams],
  );
  return [filters, setFilters];
}
