import type { LikeResult } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyLike, updatePromptEverywhere } from '../../../lib/prompt-cache';

interface LikeVariables {
  readonly id: string;
  readonly liked: boolean;
}

export async function likePrompt({ id, liked }: LikeVariables): Promise<LikeResult> {
  const { data } = await apiRequest<LikeResult>(`/api/prompts/${encodeURIComponent(id)}/like`, {
    method: 'POST',
    body: { liked },
  });
  return data;
}

const likeKey = (id: string) => ['like', id] as const;

/**
 * Like or unlike, optimistically: the count and flag change at once
 * everywhere the prompt is shown, and flip back if the request fails (the
 * error is only logged, as the spec says).
 */
export function useLikePrompt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeKey(id),
    mutationFn: likePrompt,
    onMutate: ({ liked }) => updatePromptEverywhere(queryClient, id, (prompt) => applyLike(prompt, liked)),
    onError: (error, { liked }) => {
      updatePromptEverywhere(queryClient, id, (prompt) => applyLike(prompt, !liked));
      console.warn('Failed to update like', error);
    },
    onSuccess: (result) => {
      // While a later click is still in flight its optimistic state is the
      // newer truth; only the last answer may overwrite the count.
      if (queryClient.isMutating({ mutationKey: likeKey(id) }) > 1) return;
      updatePromptEverywhere(queryClient, id, (prompt) => ({ ...prompt, likes: result.likes, liked: result.liked }));
    },
  });
}
