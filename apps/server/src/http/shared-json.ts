import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_ENCODINGS, COMPRESSION_THRESHOLD_BYTES, type CompressionEncoding } from '../plugins/compression';

/** A shared value's bytes: its JSON, and each compressed form once asked for. */
interface Encoded {
  readonly json: Buffer;
  /** A weak validator of the JSON (the same for every encoding of it), for conditional requests. */
  readonly etag: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** Encodings of values that are shared between requests, made on first use and freed with the value. */
const encodings = new WeakMap<object, Encoded>();

/**
 * Brotli quality for a cached answer: compressed once and sent many times,
 * so it can afford more than the on-the-fly quality 4 (a 28 KB list page
 * takes about 2 ms at quality 6). Past LARGE_ANSWER_BYTES (the unpaged list
 * of a big library, which is built per request) quality 4 keeps the thread
 * pool's work near gzip's.
 */
const CACHED_BROTLI_QUALITY = 6;
const LARGE_ANSWER_BROTLI_QUALITY = 4;
const LARGE_ANSWER_BYTES = 1024 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * On libuv's thread pool, not the event loop: the unpaged list of a large
 * library is tens of megabytes, and compressing it would hold every other
 * request for seconds. Requests for a value being compressed share the one
 * compression.
 */
const compressors: Record<CompressionEncoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) =>
    brotliAsync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: json.length > LARGE_ANSWER_BYTES ? LARGE_ANSWER_BROTLI_QUALITY : CACHED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => gzipAsync(json),
};

function encodedValue(value: object): Encoded {
  let encoded = encodings.get(value);
  if (encoded === undefined) {
    const json = Buffer.from(JSON.stringify(value));
    encoded = { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
    encodings.set(value, encoded);
  }
  return encoded;
}

/**
 * Sends a value that several requests share (a cached answer: a list page,
 * facets, analytics) as JSON, encoding it once rather than per request, and
 * compressing it once per encoding a client asks for: encoding was the
 * largest part of a cached answer's time (a list page is 28 KB), and
 * compressing per request would be larger still. The value must never be
 * mutated after it is first sent; the caches only ever replace their values.
 *
 * Bytes with a content type go out as they are, past the route's
 * serializer, so the route's schema still describes the answer but is not
 * re-applied; the values are built field by field from the same types, and
 * the API tests check every answer against the OpenAPI document.
 */
export async function sendSharedJson(request: FastifyRequest, reply: FastifyReply, value: object): Promise<FastifyReply> {
  const encoded = encodedValue(value);
  // A client holding this ETag gets 304 from the conditional-request plugin (plugins/conditional-requests.ts).
  reply.type('application/json; charset=utf-8').header('ETag', encoded.etag);
  if (encoded.json.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(encoded.json);
  reply.header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...COMPRESSION_ENCODINGS]) as CompressionEncoding | undefined) : undefined;
  if (encoding === undefined) return reply.send(encoded.json);
  const compressed = await (encoded[encoding] ??= compressors[encoding](encoded.json));
  return reply.header('Content-Encoding', encoding).send(compressed);
}
