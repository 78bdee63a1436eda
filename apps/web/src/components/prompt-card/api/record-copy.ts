import { ANONYMOUS_USER_ID } from '@prompt-vault/shared/limits';
import type { CopyResult } from '@prompt-vault/shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { storedUserId } from '../../../lib/user-id';

/**
 * Records a copy for the analytics, fire-and-forget: the visitor already has
 * the text, so a failure is only logged. Sends the stored id, or 'anonymous'
 * when none is stored (spec section 6).
 */
export function recordCopy(id: string): void {
  apiRequest<CopyResult>(`/api/prompts/${encodeURIComponent(id)}/copy`, {
    method: 'POST',
    withUserId: false,
    headers: { 'Content-Type': 'application/json', 'user-id': storedUserId() ?? ANONYMOUS_USER_ID },
  }).catch((error: unknown) => console.warn('Failed to record copy', error));
}
