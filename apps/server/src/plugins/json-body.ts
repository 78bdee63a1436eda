import { BODY_LIMIT_BYTES } from '@prompt-vault/shared/limits';
import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies through Fastify's own parser (which guards against prototype
 * poisoning), with one difference: an empty body with a JSON content type is
 * accepted as "no body". The spec's copy call sends exactly that, and a
 * client built against the spec must work unchanged. Every other content
 * type is refused with 415.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only; any other body type is a clear 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
