import type { Prompt } from '@prompt-vault/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promptKeys } from '../../../lib/prompt-cache';

export async function getRelatedPrompts(id: string, signal?: AbortSignal): Promise<Prompt[]> {
  const { data } = await apiRequest<Prompt[]>(`/api/prompts/${encodeURIComponent(id)}/related`, { signal });
  return data;
}

export function relatedPromptsQueryOptions(id: string) {
  return queryOptions({ queryKey: promptKeys.related(id), queryFn: ({ signal }) => getRelatedPrompts(id, signal) });
}

/** Up to 6 prompts related to this one, best first (the server ranks them). */
export function useRelatedPrompts(id: string) {
  return useQuery(relatedPromptsQueryOptions(id));
}
