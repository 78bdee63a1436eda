import type { Facets } from '@prompt-vault/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getFacets(signal?: AbortSignal): Promise<Facets> {
  const { data } = await apiRequest<Facets>('/api/facets', { signal, withUserId: false });
  return data;
}

export const facetsQueryOptions = queryOptions({
  queryKey: queryKeys.facets,
  queryFn: ({ signal }) => getFacets(signal),
  staleTime: 5 * 60_000,
});

/** Category and model options and the Popular Keywords. */
export function useFacets() {
  return useQuery(facetsQueryOptions);
}
