import { MESSAGES } from '@prompt-vault/shared/messages';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ownWritesCounted } from '../../../lib/analytics-freshness';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type AnalyticsAnswer, nextCopyCount } from '../dashboard';

export async function getAnalytics(signal?: AbortSignal): Promise<AnalyticsAnswer> {
  const { data } = await apiRequest<AnalyticsAnswer>('/api/analytics', { withUserId: false, signal });
  return data;
}

export const analyticsQueryOptions = queryOptions({
  queryKey: queryKeys.analytics,
  queryFn: async ({ signal }) => {
    // Right after this browser's own like, copy or comment the server may still answer from before it.
    await ownWritesCounted(signal);
    return getAnalytics(signal);
  },
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}

/**
 * The error state's message (spec section 8): 'Failed to fetch analytics
 * data' for a non-OK status, or the network error's own message.
 */
export function analyticsErrorMessage(error: Error): string {
  return error instanceof ApiRequestError ? MESSAGES.analytics.fetchFailed : error.message;
}

/**
 * After a copy from the leaderboard: that row's count becomes the answer's
 * copyCount, or the old count plus one (spec section 7). The totals follow
 * once the dashboard is fetched again.
 */
export function showRecordedCopy(queryClient: QueryClient, promptId: string, answer: CopyResult): void {
  queryClient.setQueryData<AnalyticsAnswer>(queryKeys.analytics, (current) => {
    if (!current?.topCopiedPrompts) return current;
    return {
      ...current,
      topCopiedPrompts: current.topCopiedPrompts.map((entry) =>
        entry._id === promptId ? { ...entry, copyCount: nextCopyCount(entry.copyCount, answer) } : entry,
      ),
    };
  });
}
