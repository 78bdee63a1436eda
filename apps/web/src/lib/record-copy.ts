import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { apiRequest } from './api-client';
import { storedUserId } from './user-id';

/**
 * Records a copy (spec section 7): POST /api/prompts/{id}/copy with the
 * stored user id, or 'anonymous' when none is stored. No body, so no JSON
 * content type the server would have to parse.
 */
export async function recordCopy(promptId: string): Promise<CopyResult> {
  const { data } = await apiRequest<CopyResult>(`/api/prompts/${encodeURIComponent(promptId)}/copy`, {
    method: 'POST',
    withUserId: false,
    headers: { 'user-id': storedUserId() ?? ANONYMOUS_USER_ID },
  });
  return data;
}
