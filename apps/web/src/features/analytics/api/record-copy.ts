import { MESSAGES } from '@prompt-vault/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCopy } from '../../../components/prompt-card/api/record-copy';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { queryKeys } from '../../../lib/query-keys';
import { refusalMessage } from '../../../lib/refusal';
import { type AnalyticsAnswer, nextCopyCount } from '../dashboard';

/**
 * Records a copy made from the leaderboard and sets that row's count to the
 * answer's copyCount, or the old count plus one (spec section 7); the
 * totals follow once the dashboard is fetched again. A failure is logged as
 * 'Failed to record copy' (spec section 8); a refusal (429, 503) is also
 * passed to `onRefused`, as the copy then does not count.
 */
export function useRecordCopy(onRefused: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCopy,
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
      afterOwnWrite(queryClient);
    },
    onError: (error) => {
      console.error(MESSAGES.analytics.copyRecordFailed, error);
      const message = refusalMessage(error, 'copy');
      if (message) onRefused(message);
    },
  });
}
