import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are at most 64 KiB, so a walk is cheap; the depth cap bounds pathological nesting.
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store or even compare text containing NUL (U+0000) and
 * fails the whole query, which would surface as a 500. No real prompt, note,
 * search or id contains one, so such requests are refused in one place before
 * validation, on both databases alike: an id with NUL is simply not found,
 * anything else is a 400.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params)) throw new AppError(404, ERROR_CODES.notFound, 'Not found');
    if (containsNul(request.query) || containsNul(request.body)) {
      throw new AppError(400, ERROR_CODES.badRequest, 'The request contains a NUL character, which is not allowed');
    }
  });
}
