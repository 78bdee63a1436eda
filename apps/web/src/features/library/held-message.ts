import { MESSAGES } from '@prompt-vault/shared/messages';
import { ApiRequestError } from '../../lib/api-client';

/**
 * The message the library holds when the prompts cannot be fetched: the
 * spec's 'Failed to fetch prompts: {status} {statusText}' for an HTTP
 * failure, the browser's own message for a network failure.
 */
export function heldMessage(error: Error): string {
  if (error instanceof ApiRequestError) return MESSAGES.library.fetchFailed(error.status, error.statusText);
  return error.message;
}
