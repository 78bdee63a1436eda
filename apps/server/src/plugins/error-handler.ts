import { ERROR_CODES, type ErrorCode } from '@prompt-vault/shared/errors';
import type { ApiError } from '@prompt-vault/shared/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/app-error';
import { isDatabaseUnavailable } from '../http/database-unavailable';
import { JSON_ONLY_MESSAGE } from './json-body';

/** Seconds a client should wait before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

function send(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Field messages keyed by the field's name (the first path segment). */
function validationFields(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const name = issue.instancePath.split('/').filter(Boolean)[0] ?? error.validationContext ?? 'body';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

// Fastify's own client errors, mapped to our codes and plain messages.
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ERROR_CODES.invalidJson, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ERROR_CODES.payloadTooLarge, message: 'The request body is larger than 64 KiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: JSON_ONLY_MESSAGE,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ERROR_CODES.badRequest, message: 'Invalid Content-Length' },
};

/**
 * Errors Fastify raises before a route is found (a URL whose percent-encoding
 * does not decode), which bypass the error handler: the same shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, 400, { error: ERROR_CODES.badRequest, message: 'The URL is not valid: check its percent-encoding' });
  }
  return send(reply, 400, { error: ERROR_CODES.badRequest, message: 'The request could not be routed' });
}

/**
 * The one error handler: every 4xx and 5xx leaves in the shape
 * `{ error, message, fields? }`, and a 5xx never shows internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 503) reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, error.statusCode, {
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.link ? { link: error.link } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.values(fields)[0];
      return send(reply, 400, {
        error: ERROR_CODES.validation,
        message: first ? `Invalid request: ${first}` : 'Invalid request',
        fields,
      });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, { error: known.code, message: known.message });
    // A client that hung up mid-upload breaks its request stream with
    // ECONNRESET, which is no database outage: nobody is left to answer.
    if (request.raw.readableAborted) {
      request.log.info({ code: error.code }, 'client aborted the request');
      return send(reply, 400, { error: ERROR_CODES.badRequest, message: 'The client closed the connection' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, 503, {
        error: ERROR_CODES.unavailable,
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(reply, 429, { error: ERROR_CODES.rateLimited, message: error.message });
    if (status >= 400 && status < 500) {
      return send(reply, status, { error: ERROR_CODES.badRequest, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' });
  });
}
