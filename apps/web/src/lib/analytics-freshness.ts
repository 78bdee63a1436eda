import { ANALYTICS_STALE_MS } from '@prompt-vault/shared/limits';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** When this browser last liked, copied, noted or shared (ms since the epoch). */
let lastOwnWriteAt = 0;

/**
 * After this browser's like, copy, note or new prompt: Insights must show
 * it next time. Analytics not on screen are dropped, so the next visit shows
 * 'Loading analytics data...' and then the new figures, never the old ones
 * first; analytics on screen (a copy from the leaderboard) are fetched again.
 */
export function afterOwnWrite(queryClient: QueryClient): void {
  lastOwnWriteAt = Date.now();
  queryClient.removeQueries({ queryKey: queryKeys.analytics, type: 'inactive' });
  void queryClient.invalidateQueries({ queryKey: queryKeys.analytics, refetchType: 'active' });
}

/**
 * Resolves once the server's analytics include this browser's last write:
 * after a like, copy or note the server may answer from before it for up to
 * ANALYTICS_STALE_MS (apps/server/src/analytics/service.ts), so a request
 * sooner than that waits out the rest. Usually nothing is left to wait.
 */
export function ownWritesCounted(signal?: AbortSignal): Promise<void> {
  const wait = lastOwnWriteAt + ANALYTICS_STALE_MS - Date.now();
  if (wait <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, wait);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
