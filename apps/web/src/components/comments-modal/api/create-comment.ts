import type { Comment } from '@prompt-vault/shared/schemas';
import { HONEYPOT_FIELD } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { apiRequest } from '../../../lib/api-client';
import { updatePromptEverywhere } from '../../../lib/prompt-cache';
import { commentKeys } from './get-comments';

export interface NoteInput {
  readonly text: string;
  readonly author: string;
  /** The honeypot's value: empty for people. */
  readonly trap: string;
}

export async function createComment(promptId: string, input: NoteInput): Promise<Comment> {
  const body: Record<string, string> = { text: input.text.trim() };
  const author = input.author.trim();
  if (author) body.author = author;
  if (input.trap) body[HONEYPOT_FIELD] = input.trap;
  const { data } = await apiRequest<Comment>(`/api/comments/${encodeURIComponent(promptId)}`, {
    method: 'POST',
    body,
  });
  return data;
}

/** Posts a note; the list is fetched again and the prompt's note count goes up at once. */
export function useCreateComment(promptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => createComment(promptId, input),
    onSuccess: (comment) => {
      afterOwnWrite(queryClient);
      queryClient.setQueryData<Comment[]>(commentKeys.list(promptId), (notes) =>
        notes && !notes.some((note) => note._id === comment._id) ? [...notes, comment] : notes,
      );
      updatePromptEverywhere(queryClient, promptId, (prompt) => ({ ...prompt, commentCount: prompt.commentCount + 1 }));
      return queryClient.invalidateQueries({ queryKey: commentKeys.list(promptId) });
    },
  });
}
