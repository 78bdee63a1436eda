import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { afterOwnWrite } from '../../../lib/analytics-freshness';
import { apiRequest } from '../../../lib/api-client';
import { refusalMessage } from '../../../lib/refusal';
import { storedUserId } from '../../../lib/user-id';

/** POST /api/prompts/:id/copy with the stored id, or 'anonymous' when none is stored (spec section 6). */
export async function postCopy(id: string): Promise<CopyResult> {
  const { data } = await apiRequest<CopyResult>(`/api/prompts/${encodeURIComponent(id)}/copy`, {
    method: 'POST',
    withUserId: false,
    headers: { 'Content-Type': 'application/json', 'user-id': storedUserId() ?? ANONYMOUS_USER_ID },
  });
  return data;
}

/**
 * Records a copy for the analytics, fire-and-forget: the visitor already has
 * the text. A failure is logged; a refusal (429, 503) is also passed to
 * `onRefused`, since the copy then does not count.
 */
export function useRecordCopy(onRefused?: (message: string) => void): (id: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      postCopy(id).then(
        () => afterOwnWrite(queryClient),
        (error: unknown) => {
          console.warn('Failed to record copy', error);
          const message = refusalMessage(error, 'copy');
          if (message) onRefused?.(message);
        },
      );
    },
    [queryClient, onRefused],
  );
}
