import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createConnection } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerCompression } from '../plugins/compression';
import { createSpoolFile, openSpoolFileCount } from './spool-file';
import { type PiecePatch, type SpooledJson, type SpooledJsonSender, createSpooledJsonSender } from './spooled-json';

/**
 * Pieces of a JSON array far larger than a socket's buffers (at most about
 * 4 MB to send and 128 KB to receive before a reader reads, here), even
 * compressed (random hex), so a client that stops reading leaves the answer
 * half sent.
 */
const PIECES = 400;
const ITEMS_PER_PIECE = 100;

/** Every `false` in a piece made `true ` (the same length), as a visitor's own copy would be. */
const allTrue: PiecePatch = (piece) => {
  for (let at = piece.indexOf('false'); at !== -1; at = piece.indexOf('false', at)) piece.write('true ', at);
  return piece;
};

async function spooledArray(): Promise<{ json: SpooledJson; text: string }> {
  const file = await createSpoolFile();
  const pieceEnds: number[] = [];
  const pieces: string[] = [];
  for (let piece = 0; piece < PIECES; piece += 1) {
    const items = Array.from({ length: ITEMS_PER_PIECE }, (_, index) =>
      JSON.stringify({ _id: `p${piece * ITEMS_PER_PIECE + index}`, text: randomBytes(150).toString('hex'), liked: false }),
    );
    const bytes = `${piece === 0 ? '[' : ','}${items.join(',')}${piece === PIECES - 1 ? ']' : ''}`;
    pieces.push(bytes);
    await file.append(Buffer.from(bytes));
    pieceEnds.push(file.byteLength);
  }
  return { json: { file, etag: `W/"${randomBytes(6).toString('hex')}"`, pieceEnds }, text: pieces.join('') };
}

describe.each([
  ['kept on the heap', () => createSpooledJsonSender()],
  ['kept in spool files', () => createSpooledJsonSender({ heapFormSourceBytes: 0 })],
])('spooled JSON over a real socket, compressed forms %s', (_where, createSender: () => SpooledJsonSender) => {
  let app: FastifyInstance;
  let sender: SpooledJsonSender;
  let port: number;
  let baseline: number;
  let json: SpooledJson;

  beforeAll(async () => {
    baseline = openSpoolFileCount();
    app = Fastify();
    await registerCompression(app);
    // As a hook that answers otherwise would (the ETag plugin swaps a body for '' to send 304): the stream is never read.
    app.addHook('onSend', async (request, _reply, payload) => (request.headers['x-drop-body'] ? '' : payload));
    app.get('/json', async (request, reply) => {
      // The route's own hold, which the sender takes over (as the unpaged list's route does).
      expect(json.file.retain()).toBe(true);
      return sender.send(request, reply, json, request.headers['x-patch'] ? allTrue : undefined);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    sender = createSender();
  });

  /** Once the sender and this test let go, every file closes unless an answer kept a hold. */
  async function expectEveryHoldGivenBack() {
    sender.close();
    json.file.release();
    await expect.poll(() => openSpoolFileCount(), { timeout: 5000 }).toBe(baseline);
  }

  it('sends the bytes as they are, compressed once per encoding, and patched for a visitor, then gives back every hold', async () => {
    let text: string;
    ({ json, text } = await spooledArray());
    const plain = await fetch(`http://127.0.0.1:${port}/json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(plain.headers.get('etag')).toBe(json.etag);
    expect(await plain.text()).toBe(text);
    for (const encoding of ['br', 'gzip', 'br']) {
      // Node's fetch decodes what it gets, so the raw bytes come through Fastify's inject.
      const response = await app.inject({ url: '/json', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const decoded = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(decoded.toString()).toBe(text);
    }
    const patched = await fetch(`http://127.0.0.1:${port}/json`, { headers: { 'x-patch': '1' } });
    expect(patched.headers.get('etag')).toBeNull();
    const items = (await patched.json()) as { _id: string; liked: boolean }[];
    expect(items).toHaveLength(PIECES * ITEMS_PER_PIECE);
    expect(items.every((item) => item.liked)).toBe(true);
    await expectEveryHoldGivenBack();
  });

  it.each([
    ['as it is', 'Accept-Encoding: identity\r\n'],
    ['patched for a visitor', 'Accept-Encoding: identity\r\nX-Patch: 1\r\n'],
    ['compressed', 'Accept-Encoding: br\r\n'],
  ])('gives back its holds when a client hangs up half way through the answer %s', async (_name, headers) => {
    ({ json } = await spooledArray());
    const socket = createConnection({ host: '127.0.0.1', port });
    await once(socket, 'connect');
    socket.write(`GET /json HTTP/1.1\r\nHost: test\r\n${headers}\r\n`);
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      socket.pause();
    });
    await once(socket, 'data');
    // Time for the server to fill the socket's buffers and stop, then the client goes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(received).toBeLessThan(json.file.byteLength / 2);
    await expectEveryHoldGivenBack();
  });

  it('answers a client holding its validator with 304 and HEAD with headers alone, and gives back a body a hook dropped', async () => {
    ({ json } = await spooledArray());
    const url = `http://127.0.0.1:${port}/json`;
    for (const encoding of ['identity', 'br']) {
      const notModified = await fetch(url, { headers: { 'accept-encoding': encoding, 'if-none-match': json.etag } });
      expect(notModified.status).toBe(304);
      const open = openSpoolFileCount();
      const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': encoding } });
      expect(head.status).toBe(200);
      // Nothing was compressed for it (a form kept in a file would be one more open file).
      expect(openSpoolFileCount()).toBe(open);
      expect(head.headers.get('etag')).toBe(json.etag);
      const dropped = await fetch(url, { headers: { 'accept-encoding': encoding, 'x-drop-body': '1' } });
      expect(dropped.status).toBe(200);
      expect(await dropped.text()).toBe('');
    }
    const other = await fetch(url, { headers: { 'accept-encoding': 'identity', 'if-none-match': 'W/"another"' } });
    expect(other.status).toBe(200);
    expect((await other.text()).length).toBe(json.file.byteLength);
    await expectEveryHoldGivenBack();
  });

  it('keeps no compressed form once closed: each is let go after the answer that asked for it', async () => {
    sender.close();
    ({ json } = await spooledArray());
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({ url: '/json', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
    }
    json.file.release();
    await expect.poll(() => openSpoolFileCount(), { timeout: 5000 }).toBe(baseline);
  });
});
