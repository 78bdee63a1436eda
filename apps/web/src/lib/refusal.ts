import { MESSAGES } from '@prompt-vault/shared/messages';
import { ApiRequestError } from './api-client';

/** Seconds to wait after a 429 that named none (the rate limits' shortest window is a minute). */
const DEFAULT_RETRY_SECONDS = 60;

/** The server refused (rate limit, or unavailable for now), as opposed to failing. */
function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 429) return MESSAGES.rateLimited(error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS);
  if (error.status === 503) return MESSAGES.actions.busy;
  return undefined;
}

/**
 * What to tell the visitor when the server refused a like or a copy's
 * record (429: too often; 503: not now): the like did not take, or the copy
 * (on the clipboard anyway) was not counted, and why. Any other failure is
 * only logged, as the spec's section 8 has it: undefined.
 */
export function refusalMessage(error: unknown, action: 'like' | 'copy'): string | undefined {
  const reason = refusalReason(error);
  if (!reason) return undefined;
  return `${action === 'like' ? MESSAGES.actions.likeNotSaved : MESSAGES.actions.copyNotCounted} ${reason}`;
}
