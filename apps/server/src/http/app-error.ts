import { ERROR_CODES, type ErrorCode } from '@prompt-vault/shared/errors';

/**
 * An error a route or service raises on purpose; the one error handler turns
 * it into `{ error, message, fields? }` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A path the client can follow, e.g. the existing prompt of a DUPLICATE. */
    readonly link?: string,
  ) {
    super(message);
  }
}

export function notFound(what: string): AppError {
  return new AppError(404, ERROR_CODES.notFound, `${what} not found`);
}

export function badRequest(code: ErrorCode, message: string, fields?: Record<string, string>): AppError {
  return new AppError(400, code, message, fields);
}
