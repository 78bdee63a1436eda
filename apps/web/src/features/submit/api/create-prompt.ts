import type { Prompt, PromptInput } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { apiRequest } from '../../../lib/api-client';

export async function createPrompt(input: PromptInput): Promise<Prompt> {
  const { data } = await apiRequest<Prompt>('/api/prompts', { method: 'POST', body: input, withUserId: false });
  return data;
}

/**
 * Shares a prompt. On success every cached query is invalidated: the library
 * list, its filters and keywords, the analytics and the facets all derive
 * from the set of prompts, so the library shows the new one without a reload.
 */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSuccess: () => {
      afterOwnWrite(queryClient);
      return queryClient.invalidateQueries();
    },
  });
}
