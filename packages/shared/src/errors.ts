/** The error codes of the one error shape `{ error, message, fields? }`. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  invalidJson: 'INVALID_JSON',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  missingUserId: 'MISSING_USER_ID',
  invalidUserId: 'INVALID_USER_ID',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  duplicate: 'DUPLICATE',
  unauthorized: 'UNAUTHORIZED',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  badRequest: 'BAD_REQUEST',
  requestTimeout: 'REQUEST_TIMEOUT',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
