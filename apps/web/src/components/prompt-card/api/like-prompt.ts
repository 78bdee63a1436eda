import type { LikeResult } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { apiRequest } from '../../../lib/api-client';
import { refusalMessage } from '../../../lib/refusal';
import { applyLike, updatePromptEverywhere } from '../../../lib/prompt-cache';

interface LikeVariables {
  readonly id: string;
  readonly liked: boolean;
  /** The prompt's count and flag as shown when clicked. */
  readonly shown: LikeResult;
}

export async function likePrompt({ id, liked }: Pick<LikeVariables, 'id' | 'liked'>): Promise<LikeResult> {
  const { data } = await apiRequest<LikeResult>(`/api/prompts/${encodeURIComponent(id)}/like`, {
    method: 'POST',
    body: { liked },
  });
  return data;
}

const likeKey = (id: string) => ['like', id] as const;

/**
 * Per prompt, the last count and flag the server confirmed (or that were
 * shown before the first click still on its way): what a failure goes back
 * to. Undoing a failed click by flipping it back would be wrong when two
 * quick clicks both fail: the second's undo would re-like.
 */
const confirmed = new Map<string, LikeResult>();

/**
 * Like or unlike, optimistically: the count and flag change at once
 * everywhere the prompt is shown. When the last click on its way fails, the
 * prompt goes back to what the server last confirmed; when the server
 * refused it (429, 503), `onFailed` gets what to tell the visitor, as a
 * heart that silently flips back left visitors guessing.
 */
export function useLikePrompt(id: string, onFailed?: (message: string) => void) {
  const queryClient = useQueryClient();
  const othersOnTheirWay = () => queryClient.isMutating({ mutationKey: likeKey(id) }) > 1;
  return useMutation({
    mutationKey: likeKey(id),
    mutationFn: (variables: LikeVariables) => likePrompt(variables),
    onMutate: ({ liked, shown }) => {
      if (!othersOnTheirWay()) confirmed.set(id, shown);
      updatePromptEverywhere(queryClient, id, (prompt) => applyLike(prompt, liked));
    },
    onError: (error) => {
      console.warn('Failed to update like', error);
      // A later click is still on its way: its answer settles what shows.
      if (othersOnTheirWay()) return;
      const settled = confirmed.get(id);
      if (settled) updatePromptEverywhere(queryClient, id, (prompt) => ({ ...prompt, ...settled }));
      const message = refusalMessage(error, 'like');
      if (message) onFailed?.(message);
    },
    onSuccess: (result) => {
      confirmed.set(id, result);
      afterOwnWrite(queryClient);
      // While a later click is still in flight its optimistic state is the
      // newer truth; only the last answer may overwrite the count.
      if (othersOnTheirWay()) return;
      updatePromptEverywhere(queryClient, id, (prompt) => ({ ...prompt, likes: result.likes, liked: result.liked }));
    },
  });
}
