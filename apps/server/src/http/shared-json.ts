import type { FastifyReply } from 'fastify';

/** JSON bytes of values that are shared between requests, encoded on first use and freed with the value. */
const encodings = new WeakMap<object, Buffer>();

/**
 * Sends a value that several requests share (a cached answer: a list page,
 * facets, analytics) as JSON, encoding it once rather than per request:
 * encoding was the largest part of a cached answer's time (a list page is
 * 28 KB). The value must never be mutated after it is first sent; the
 * caches only ever replace their values.
 *
 * Bytes with a content type go out as they are, past the route's
 * serializer, so the route's schema still describes the answer but is not
 * re-applied; the values are built field by field from the same types, and
 * the API tests check every answer against the OpenAPI document.
 */
export function sendSharedJson(reply: FastifyReply, value: object): FastifyReply {
  let encoded = encodings.get(value);
  if (encoded === undefined) {
    encoded = Buffer.from(JSON.stringify(value));
    encodings.set(value, encoded);
  }
  return reply.type('application/json; charset=utf-8').send(encoded);
}
