import type { Prompt } from '@prompt-vault/shared/schemas';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promptKeys, updatePromptEverywhere } from '../../../lib/prompt-cache';

export async function getPrompt(id: string, signal?: AbortSignal): Promise<Prompt> {
  const { data } = await apiRequest<Prompt>(`/api/prompts/${encodeURIComponent(id)}`, { signal });
  return data;
}

export function promptQueryOptions(id: string) {
  return queryOptions({ queryKey: promptKeys.detail(id), queryFn: ({ signal }) => getPrompt(id, signal) });
}

/**
 * Fetches one prompt again and puts the fresh copy everywhere it is shown
 * (after the comments modal closes, its comment count). A failure is only
 * logged: the old count stays, which is the spec's behaviour.
 */
export async function refreshPrompt(queryClient: QueryClient, id: string): Promise<void> {
  try {
    const fresh = await getPrompt(id);
    updatePromptEverywhere(queryClient, id, () => fresh);
  } catch (error) {
    console.warn('Failed to refresh the comment count', error);
  }
}
