import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { storedUserId } from '../../../lib/user-id';
import { type AnalyticsAnswer, nextCopyCount } from '../dashboard';

/**
 * POST /api/prompts/:id/copy after a successful clipboard write. The spec
 * sends the stored user id, or 'anonymous' when none is stored.
 */
export async function recordCopy(promptId: string): Promise<Partial<CopyResult> | undefined> {
  const { data } = await apiRequest<Partial<CopyResult> | undefined>(
    `/api/prompts/${encodeURIComponent(promptId)}/copy`,
    { method: 'POST', withUserId: false, headers: { 'user-id': storedUserId() ?? ANONYMOUS_USER_ID } },
  );
  return data;
}

/**
 * Records a copy made from the leaderboard and sets that row's count to the
 * answer's copyCount, or the old count plus one (spec section 7). A failure
 * is only logged (spec section 8).
 */
export function useRecordCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCopy,
    onSuccess: (answer, promptId) => {
      queryClient.setQueryData<AnalyticsAnswer>(queryKeys.analytics, (current) => {
        if (!current?.topCopiedPrompts) return current;
        return {
          ...current,
          topCopiedPrompts: current.topCopiedPrompts.map((entry) =>
            entry._id === promptId ? { ...entry, copyCount: nextCopyCount(entry.copyCount, answer) } : entry,
          ),
        };
      });
    },
    onError: (error) => console.error(MESSAGES.insights.copyRecordFailed, error),
  });
}
