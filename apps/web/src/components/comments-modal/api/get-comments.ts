import type { Comment } from '@prompt-vault/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const commentKeys = {
  list: (promptId: string) => ['comments', promptId] as const,
};

export async function getComments(promptId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { data } = await apiRequest<Comment[]>(`/api/comments/${encodeURIComponent(promptId)}`, {
    signal,
    withUserId: false,
  });
  return data;
}

export function commentsQueryOptions(promptId: string) {
  // Notes change while a visitor reads them: always fetch when opened.
  return queryOptions({
    queryKey: commentKeys.list(promptId),
    queryFn: ({ signal }) => getComments(promptId, signal),
    staleTime: 0,
  });
}
