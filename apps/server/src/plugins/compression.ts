import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: a header costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** What we compress with, in our order of preference when a client accepts both. */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;
export type CompressionEncoding = (typeof COMPRESSION_ENCODINGS)[number];

/**
 * Compresses answers on the fly (JSON, HTML, XML, the OpenAPI page) for
 * clients that accept it: brotli at quality 4 (close to gzip's speed, smaller
 * output), else gzip. Answers that are already encoded pass untouched: the
 * built assets are precompressed at build time (plugins/static-web.ts) and
 * cached API answers are compressed once per cached value
 * (http/shared-json.ts). Request bodies are not decompressed: a compressed
 * upload would slip past the body limit, and no client of ours sends one.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...COMPRESSION_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
