import { request } from 'node:http';
import { type AddressInfo, type Socket, createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../testing/test-database';

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw HTTP/1.1 connection (kept alive by default), to control exactly when each byte is sent. */
async function rawConnection(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = createConnection({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

describe('graceful shutdown', () => {
  it('lets in-flight requests finish, refuses new connections and turns away late requests in the one error shape', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(loadConfig({ RATE_LIMIT: '0' }), { database, logLevel: 'silent' });
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let finish: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (finish = resolve));
    // A request that stays in flight until the test lets it go.
    app.get('/api/test-slow', async () => {
      entered();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = await rawConnection(port);
    inFlight.socket.write('GET /api/test-slow HTTP/1.1\r\nHost: test\r\n\r\n');
    await inHandler;
    // A slow client that has sent half its headers when the shutdown begins.
    const late = await rawConnection(port);
    late.socket.write('GET /api/prompts HTTP/1.1\r\nHost: test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // New connections are not served (refused, or reset if accepted while the listener closed).
    await expect(get(port, '/api/health')).rejects.toMatchObject({ code: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET)$/) });
    late.socket.write('\r\n');
    const lateAnswer = await late.closed;
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(lateAnswer.toLowerCase()).toContain('connection: close');
    expect(lateAnswer).toContain('{"error":"SERVICE_UNAVAILABLE","message":"The server is restarting. Please try again shortly."}');
    // close() is still waiting for the in-flight request.
    expect(closed).toBe(false);

    finish();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('{"done":true}');
    await closing;
    expect(closed).toBe(true);
    await database.close();
  });
});
