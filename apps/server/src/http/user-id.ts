import { ANONYMOUS_USER_ID, USER_ID_PATTERN } from '@prompt-vault/shared/limits';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

export const USER_ID_HEADER = 'user-id';

const INVALID_MESSAGE = "The user-id header must be 'user_' followed by 8 to 64 letters, digits, '_' or '-'";

/**
 * The visitor's anonymous id from the `user-id` header, or undefined when the
 * header is absent. A present but malformed id is a 400, so a typo never
 * silently becomes a different visitor.
 */
export function optionalUserId(request: FastifyRequest): string | undefined {
  const value = request.headers[USER_ID_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !USER_ID_PATTERN.test(value)) {
    throw badRequest(ERROR_CODES.invalidUserId, INVALID_MESSAGE);
  }
  return value;
}

export function requiredUserId(request: FastifyRequest): string {
  const userId = optionalUserId(request);
  if (userId === undefined) throw badRequest(ERROR_CODES.missingUserId, 'The user-id header is required');
  return userId;
}

/** The copy call accepts a user id or the spec's 'anonymous' (and treats a missing header the same way). */
export function copyUserId(request: FastifyRequest): string {
  if (request.headers[USER_ID_HEADER] === ANONYMOUS_USER_ID) return ANONYMOUS_USER_ID;
  return optionalUserId(request) ?? ANONYMOUS_USER_ID;
}
