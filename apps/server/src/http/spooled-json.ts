import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, type CompressionEncoding } from '../plugins/compression';
import { chosenEncoding, compressor } from './shared-json';
import { type SpoolFile, createSpoolFile, releaseAfterTurn } from './spool-file';

/**
 * JSON too large for the heap, in a spool file (the unpaged list), shared by
 * every request for it.
 */
export interface SpooledJson {
  readonly file: SpoolFile;
  /** A weak validator of the JSON (the same for every encoding of it), for conditional requests. */
  readonly etag: string;
  /**
   * Where the pieces it was written in end. A visitor's copy is made piece
   * by piece (`patchPiece`), so a piece must end where an item does.
   */
  readonly pieceEnds: readonly number[];
}

/** Gives back a cache's hold on spooled JSON (the caches hold values of any type, hence the check). */
export function releaseSpooledJson(value: unknown): void {
  if (typeof value === 'object' && value !== null && 'file' in value) (value as SpooledJson).file.release();
}

/** Changes a piece of the shared JSON into a visitor's own (its bytes are that request's own copy). */
export type PiecePatch = (piece: Buffer) => Buffer;

/**
 * A compressed form: on the heap while small, where sending it is one write
 * to the socket, else in a spool file of its own, read back for each
 * download (about twice the work: at 100,000 prompts 800 downloads of the
 * 8 MB brotli form in 10 s from a file, 1,400 from the heap).
 */
type CompressedForm = Buffer | SpoolFile;
type CompressedForms = Partial<Record<CompressionEncoding, Promise<CompressedForm>>>;

/**
 * JSON up to this size keeps its compressed forms on the heap: they are
 * about a tenth of it (16 MB at most, 8 MB at 100,000 prompts), where the
 * 70 MB of brotli at 1,000,000 prompts goes to a file.
 */
const HEAP_FORM_SOURCE_BYTES = 160 * 1024 * 1024;

/** Answers whose compressed forms a sender keeps (an answer's forms are let go once four newer ones were sent). */
const COMPRESSED_KEPT = 4;

/**
 * A file's bytes as the body of an answer, with the hold on the file given
 * back once the body is sent or abandoned. A body Fastify drops unread (a
 * hook that answers otherwise) is destroyed when the response closes, so
 * its hold comes back too.
 */
function streamHeld(reply: FastifyReply, file: SpoolFile, stream: Readable): Readable {
  stream.once('close', () => file.release());
  reply.raw.once('close', () => stream.destroy());
  return stream;
}

/**
 * Whether the client already holds this validator (If-None-Match, compared
 * as plugins/conditional-requests.ts compares it), so the answer is a 304
 * sent before any file is read or compressed.
 */
function holdsValidator(request: FastifyRequest, etag: string): boolean {
  const held = request.headers['if-none-match'];
  return held === etag || `W/${held}` === etag;
}

/** Gives back the sender's hold on a compressed form, a turn later, so a request handed it just before can take its own. */
function letGo(form: Promise<CompressedForm>): void {
  releaseAfterTurn(form, (bytes) => Buffer.isBuffer(bytes) || bytes.release());
}

export interface SpooledJsonSender {
  /**
   * Sends spooled JSON, taking over one hold of its file (given back once
   * the answer is sent or abandoned). Shared bytes are compressed once per
   * encoding; a visitor's own copy (patchPiece) is read piece by piece,
   * patched, and compressed on the fly (plugins/compression.ts), since no
   * one else gets the same bytes.
   */
  send(request: FastifyRequest, reply: FastifyReply, json: SpooledJson, patchPiece?: PiecePatch): Promise<FastifyReply>;
  /** Lets go of the compressed forms it keeps. */
  close(): void;
}

/**
 * A sender of spooled JSON, which keeps the compressed forms of the last
 * few answers it sent, by validator. An answer rebuilt with nothing changed
 * (the unpaged list, rebuilt when its entry's time runs out) has the same
 * bytes and so the same validator: it is not compressed again (seconds of
 * the thread pool at 100,000 prompts, a minute at 1,000,000).
 */
export function createSpooledJsonSender(
  options: { readonly heapFormSourceBytes: number } = { heapFormSourceBytes: HEAP_FORM_SOURCE_BYTES },
): SpooledJsonSender {
  const compressedForms = new Map<string, CompressedForms>();
  let closed = false;

  const formsOf = (etag: string): CompressedForms => {
    const forms = compressedForms.get(etag) ?? {};
    compressedForms.delete(etag);
    compressedForms.set(etag, forms);
    if (compressedForms.size > COMPRESSED_KEPT) {
      const [oldest, oldestForms] = compressedForms.entries().next().value as [string, CompressedForms];
      compressedForms.delete(oldest);
      for (const form of Object.values(oldestForms)) letGo(form);
    }
    return forms;
  };

  /** Compresses spooled JSON on libuv's thread pool, onto the heap or into a spool file by its size. */
  const compress = async (json: SpooledJson, encoding: CompressionEncoding): Promise<CompressedForm> => {
    if (!json.file.retain()) throw new Error('The spooled answer was let go before it was compressed');
    const heap: Buffer[] | undefined = json.file.byteLength <= options.heapFormSourceBytes ? [] : undefined;
    let file: SpoolFile | undefined;
    try {
      if (!heap) file = await createSpoolFile();
      await pipeline(
        json.file.stream(),
        compressor(encoding, json.file.byteLength),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (file) file.append(chunk).then(() => done(), done);
            else {
              heap?.push(chunk);
              done();
            }
          },
        }),
      );
      return file ?? Buffer.concat(heap ?? []);
    } catch (error) {
      file?.release();
      throw error;
    } finally {
      json.file.release();
    }
  };

  /** The form of json in this encoding (a file held for the caller), or undefined if it cannot be had. */
  const heldCompressedForm = async (json: SpooledJson, encoding: CompressionEncoding): Promise<CompressedForm | undefined> => {
    // Once closed, the sender keeps nothing: each form is its request's alone, let go once that request has its hold.
    const forms = closed ? {} : formsOf(json.etag);
    const form = (forms[encoding] ??= compress(json, encoding));
    if (closed) letGo(form);
    try {
      const bytes = await form;
      return Buffer.isBuffer(bytes) || bytes.retain() ? bytes : undefined;
    } catch {
      // A failed compression is not remembered; this answer goes out compressed on the fly.
      if (forms[encoding] === form) delete forms[encoding];
      return undefined;
    }
  };

  return {
    async send(request, reply, json, patchPiece) {
      const { file } = json;
      let held = true;
      /** The hold passes to the body's stream, or is given back here. */
      const handOver = <T>(value: T): T => {
        held = false;
        return value;
      };
      try {
        reply.type('application/json; charset=utf-8');
        // Headers only, without reading the file (Fastify would read a stream body through to discard it).
        if (request.method === 'HEAD') {
          if (!patchPiece) reply.header('ETag', json.etag);
          return reply.header('Vary', 'Accept-Encoding').send();
        }
        if (patchPiece) {
          async function* patched(patch: PiecePatch) {
            let start = 0;
            for (const end of json.pieceEnds) {
              yield patch(await file.read(start, end));
              start = end;
            }
          }
          const body = handOver(streamHeld(reply, file, Readable.from(patched(patchPiece), { objectMode: false })));
          return reply.header('Vary', 'Accept-Encoding').send(body);
        }
        reply.header('ETag', json.etag);
        if (holdsValidator(request, json.etag)) return reply.code(304).send();
        if (file.byteLength < COMPRESSION_THRESHOLD_BYTES) return reply.send(await file.read(0, file.byteLength));
        reply.header('Vary', 'Accept-Encoding');
        const encoding = chosenEncoding(request);
        const form = encoding === undefined ? undefined : await heldCompressedForm(json, encoding);
        if (encoding !== undefined && form !== undefined) {
          reply.header('Content-Encoding', encoding);
          if (Buffer.isBuffer(form)) return reply.send(form);
          return reply.header('Content-Length', String(form.byteLength)).send(streamHeld(reply, form, form.stream()));
        }
        if (encoding === undefined) reply.header('Content-Length', String(file.byteLength));
        return reply.send(handOver(streamHeld(reply, file, file.stream())));
      } finally {
        if (held) file.release();
      }
    },
    close() {
      closed = true;
      for (const forms of compressedForms.values()) for (const form of Object.values(forms)) letGo(form);
      compressedForms.clear();
    },
  };
}
