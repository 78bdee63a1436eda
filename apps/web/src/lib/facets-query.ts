import type { Facets } from '@prompt-vault/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** The library's categories, models and Popular Keywords; the library's filters and the share form's suggestions both read it. */
export async function getFacets(signal?: AbortSignal): Promise<Facets> {
  const { data } = await apiRequest<Facets>('/api/facets', { signal, withUserId: false });
  return data;
}

export const facetsQueryOptions = queryOptions({
  queryKey: queryKeys.facets,
  queryFn: ({ signal }) => getFacets(signal),
  staleTime: 5 * 60_000,
});

export function useFacets() {
  return useQuery(facetsQueryOptions);
}
