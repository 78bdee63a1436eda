import { BODY_LIMIT_BYTES } from '@prompt-vault/shared/limits';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

/** The 415's message, for a missing or wrong Content-Type alike. */
export const JSON_ONLY_MESSAGE = 'Send the request as application/json';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The media type of a Content-Type header, without its parameters, lower-cased. */
function mediaType(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
}

/**
 * JSON bodies through Fastify's own parser (which guards against prototype
 * poisoning), with one difference: an empty body with a JSON content type is
 * accepted as "no body". The spec's copy call sends exactly that, and a
 * client built against the spec must work unchanged. Every other content
 * type is refused with 415.
 *
 * A state-changing API request must say it is JSON even when it carries no
 * body (the spec's copy call sends the header and nothing else): a browser
 * sends a cross-site form or a no-cors fetch without that header unless the
 * other site's page passes a CORS preflight, which ours refuses. Without
 * this, any page a visitor opens could count copies in their name.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only; any other body type is a clear 415.
  app.removeAllContentTypeParsers();
  app.addHook('onRequest', async (request) => {
    // Only the API's own routes: an unknown path or method keeps its 404 or 405.
    if (!STATE_CHANGING_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) return;
    if (mediaType(request) !== 'application/json') {
      throw new AppError(415, ERROR_CODES.unsupportedMediaType, JSON_ONLY_MESSAGE);
    }
  });
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
