import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { PromptField } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { ApiRequestError } from '../../lib/api-client';
import { serverFieldErrors } from './form-state';

export interface SubmitFailure {
  readonly message: string;
  /** The existing prompt's permalink path when the prompt is a duplicate. */
  readonly link?: string;
  readonly fields: Partial<Record<PromptField, string>>;
}

const PERMALINK_PATH = /^\/prompts\/[^/?#]+$/;

/**
 * What the form says when sending fails (spec section 8): an HTTP failure
 * and a network failure read differently; a duplicate links to the prompt
 * that exists; a rate limit says when to try again.
 */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ApiRequestError)) return { message: MESSAGES.submit.networkFailure, fields: {} };
  const body = error.body;
  if (error.status === 409 && body?.error === ERROR_CODES.duplicate) {
    // Only an in-app permalink is followed, whatever else the answer holds.
    const link = body.link && PERMALINK_PATH.test(body.link) ? body.link : undefined;
    return { message: body.message, link, fields: {} };
  }
  if (error.status === 429 && error.retryAfterSeconds !== undefined) {
    return { message: MESSAGES.rateLimited(error.retryAfterSeconds), fields: {} };
  }
  return { message: MESSAGES.submit.httpFailure, fields: serverFieldErrors(body?.fields) };
}
