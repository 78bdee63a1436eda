import type { Comment } from '@prompt-vault/shared/schemas';
import { HONEYPOT_FIELD } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { apiRequest } from '../../../lib/api-client';
import { updatePromptEverywhere } from '../../../lib/prompt-cache';
import { commentKeys } from './get-comments';

/** What the comment form sends: the visible fields and the honeypot's value (empty for people). */
export interface CommentDraft {
  readonly text: string;
  readonly author: string;
  readonly honeypot: string;
}

export async function createComment(promptId: string, input: CommentDraft): Promise<Comment> {
  const body: Record<string, string> = { text: input.text.trim() };
  const author = input.author.trim();
  if (author) body.author = author;
  if (input.honeypot) body[HONEYPOT_FIELD] = input.honeypot;
  const { data } = await apiRequest<Comment>(`/api/comments/${encodeURIComponent(promptId)}`, {
    method: 'POST',
    body,
  });
  return data;
}

/** Posts a comment; the list is fetched again and the prompt's comment count goes up at once. */
export function useCreateComment(promptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentDraft) => createComment(promptId, input),
    onSuccess: (comment) => {
      afterOwnWrite(queryClient);
      queryClient.setQueryData<Comment[]>(commentKeys.list(promptId), (comments) =>
        comments && !comments.some((listed) => listed._id === comment._id) ? [...comments, comment] : comments,
      );
      updatePromptEverywhere(queryClient, promptId, (prompt) => ({ ...prompt, commentCount: prompt.commentCount + 1 }));
      return queryClient.invalidateQueries({ queryKey: commentKeys.list(promptId) });
    },
  });
}
