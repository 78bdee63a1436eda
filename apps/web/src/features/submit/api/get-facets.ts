import type { Facets } from '@prompt-vault/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The distinct categories and models already in the library (the suggestion lists). */
export async function getFacets(signal?: AbortSignal): Promise<Facets> {
  const { data } = await apiRequest<Facets>('/api/facets', { withUserId: false, signal });
  return data;
}

export const facetsQueryOptions = queryOptions({
  queryKey: queryKeys.facets,
  queryFn: ({ signal }) => getFacets(signal),
});

export function useFacets() {
  return useQuery(facetsQueryOptions);
}
