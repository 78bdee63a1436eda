import { createHash } from 'node:crypto';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_ENCODINGS, COMPRESSION_THRESHOLD_BYTES, type CompressionEncoding } from '../plugins/compression';

/** A shared answer's JSON as bytes (a list page, facets, analytics). */
export interface SharedBytes {
  readonly body: Buffer;
  /** A weak validator of the JSON (the same for every encoding of it), for conditional requests. */
  readonly etag: string;
}

/**
 * Brotli quality for a cached answer: compressed once and sent many times,
 * so it can afford more than the on-the-fly quality 4 (a 28 KB list page
 * takes about 2 ms at quality 6). Past LARGE_ANSWER_BYTES (the unpaged list
 * of a big library, tens of megabytes) quality 4 keeps the thread pool's
 * work near gzip's.
 */
const CACHED_BROTLI_QUALITY = 6;
const LARGE_ANSWER_BROTLI_QUALITY = 4;
const LARGE_ANSWER_BYTES = 1024 * 1024;

type CompressedForms = Partial<Record<CompressionEncoding, Promise<Buffer>>>;

/** Compressed forms of shared bytes, made once asked for and freed with them. */
const compressed = new WeakMap<SharedBytes, CompressedForms>();

/** The encodings of shared values, made once per value (which is never mutated once sent). */
const encodedValues = new WeakMap<object, SharedBytes>();

/** Brotli's settings for an answer of byteLength bytes that is compressed once and sent many times. */
function brotliOptions(byteLength: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: byteLength > LARGE_ANSWER_BYTES ? LARGE_ANSWER_BROTLI_QUALITY : CACHED_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: byteLength,
    },
  };
}

/** A compressor for a stream of byteLength bytes that is compressed once and sent many times. */
export function compressor(encoding: CompressionEncoding, byteLength: number): Transform {
  return encoding === 'gzip' ? createGzip() : createBrotliCompress(brotliOptions(byteLength));
}

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/** Compresses on libuv's thread pool, not the event loop. */
function compress(bytes: SharedBytes, encoding: CompressionEncoding): Promise<Buffer> {
  return encoding === 'gzip' ? gzipOnce(bytes.body) : brotliOnce(bytes.body, brotliOptions(bytes.body.length));
}

/** A weak ETag from a hash of the JSON's bytes. */
export function weakEtag(hash: ReturnType<typeof createHash>): string {
  return `W/"${hash.digest('base64url')}"`;
}

function encodedValue(value: object): SharedBytes {
  let encoded = encodedValues.get(value);
  if (encoded === undefined) {
    const body = Buffer.from(JSON.stringify(value));
    encoded = { body, etag: weakEtag(createHash('sha1').update(body)) };
    encodedValues.set(value, encoded);
  }
  return encoded;
}

/** The encoding to send, of those the client accepts, or undefined for identity. */
export function chosenEncoding(request: FastifyRequest): CompressionEncoding | undefined {
  const accepted = request.headers['accept-encoding'];
  // negotiate() answers null when the client accepts none of ours (identity only).
  return accepted ? ((negotiate(accepted, [...COMPRESSION_ENCODINGS]) as CompressionEncoding | null) ?? undefined) : undefined;
}

/**
 * Sends bytes that several requests share (a cached answer), compressing them
 * once per encoding a client asks for: compressing per request would cost
 * more than the rest of a cached answer's request.
 *
 * Bytes with a content type go out as they are, past the route's
 * serializer, so the route's schema still describes the answer but is not
 * re-applied; the values are built field by field from the same types, and
 * the API tests check every answer against the OpenAPI document.
 */
async function sendSharedBytes(request: FastifyRequest, reply: FastifyReply, bytes: SharedBytes): Promise<FastifyReply> {
  // A client holding this ETag gets 304 from the conditional-request plugin (plugins/conditional-requests.ts).
  reply.type('application/json; charset=utf-8').header('ETag', bytes.etag);
  if (bytes.body.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(bytes.body);
  reply.header('Vary', 'Accept-Encoding');
  const encoding = chosenEncoding(request);
  if (encoding === undefined) return reply.send(bytes.body);
  let forms = compressed.get(bytes);
  if (!forms) {
    forms = {};
    compressed.set(bytes, forms);
  }
  // Requests for bytes being compressed share the one compression.
  const body = await (forms[encoding] ??= compress(bytes, encoding));
  return reply.header('Content-Encoding', encoding).send(body);
}

/**
 * Sends a value that several requests share (a cached answer: a list page,
 * facets, analytics) as JSON, encoding it once rather than per request:
 * encoding was the largest part of a cached answer's time (a list page is
 * 28 KB). The value must never be mutated after it is first sent; the caches
 * only ever replace their values.
 */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, value: object): Promise<FastifyReply> {
  return sendSharedBytes(request, reply, encodedValue(value));
}
