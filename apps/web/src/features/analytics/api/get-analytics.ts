import { MESSAGES } from '@prompt-vault/shared/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownWritesCounted } from '../../../lib/analytics-freshness';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AnalyticsAnswer } from '../dashboard';

export async function getAnalytics(signal?: AbortSignal): Promise<AnalyticsAnswer> {
  const { data } = await apiRequest<AnalyticsAnswer>('/api/analytics', { withUserId: false, signal });
  return data;
}

export const analyticsQueryOptions = queryOptions({
  queryKey: queryKeys.analytics,
  queryFn: async ({ signal }) => {
    // Right after this browser's own like, copy or note the server may still answer from before it.
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
