import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedRequest } from './one-client';

describe('timedRequest', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; encoding?: string; type?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, encoding: request.headers['accept-encoding'], type: request.headers['content-type'], body });
        const answer = Buffer.from(JSON.stringify({ path: request.url }));
        if (request.url === '/br') response.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(answer));
        else if (request.url === '/gzip') response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(answer));
        else if (request.url === '/missing') response.writeHead(404).end(JSON.stringify({ error: 'no' }));
        else response.writeHead(200).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for compression as a browser does and decodes each encoding the server may choose', async () => {
    for (const path of ['/br', '/gzip', '/plain']) {
      const response = await timedRequest(`${base}${path}`);
      expect(response).toMatchObject({ status: 200, ok: true });
      expect(response.json()).toEqual({ path });
      expect(response.ms).toBeGreaterThan(0);
    }
    expect(seen.at(-1)?.encoding).toBe('br, gzip, deflate');
  });

  it('sends a body as JSON and reports a failure status without throwing', async () => {
    const posted = await timedRequest(`${base}/post`, { method: 'POST', body: { liked: true } });
    expect(posted.ok).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', type: 'application/json', body: '{"liked":true}' });
    const missing = await timedRequest(`${base}/missing`);
    expect(missing).toMatchObject({ status: 404, ok: false });
  });
});
