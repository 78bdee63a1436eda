import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { afterOwnWrite } from './analytics-freshness';
import { apiRequest } from './api-client';
import { refusalMessage } from './refusal';
import { storedUserId } from './user-id';

/**
 * POST /api/prompts/:id/copy (spec section 6): no payload, but the JSON
 * content type the server asks of every state-changing request, and the
 * stored visitor id, or 'anonymous' when none is stored (a copy never creates one).
 */
export async function postCopy(id: string): Promise<CopyResult> {
  const { data } = await apiRequest<CopyResult>(`/api/prompts/${encodeURIComponent(id)}/copy`, {
    method: 'POST',
    withUserId: false,
    headers: { 'Content-Type': 'application/json', 'user-id': storedUserId() ?? ANONYMOUS_USER_ID },
  });
  return data;
}

/**
 * Records a copy for the analytics, after the clipboard write: the visitor
 * already has the text, so nothing waits on it (fire-and-forget on the
 * library, spec section 6). Every copy button uses it: the cards, the
 * permalink, the variables form and the Insights leaderboard.
 *
 * - `onRecorded` gets the server's answer (the leaderboard shows its copyCount).
 * - A failure is only logged, as 'Failed to record copy' (spec section 8); a
 *   refusal (429, 503) is also passed to `onRefused`, since the copy then
 *   does not count.
 */
export function useRecordCopy(
  onRefused?: (message: string) => void,
  onRecorded?: (answer: CopyResult, id: string) => void,
): (id: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      postCopy(id).then(
        (answer) => {
          onRecorded?.(answer, id);
          afterOwnWrite(queryClient);
        },
        (error: unknown) => {
          console.error(MESSAGES.copyRecordFailed, error);
          const message = refusalMessage(error, 'copy');
          if (message) onRefused?.(message);
        },
      );
    },
    [queryClient, onRefused, onRecorded],
  );
}
