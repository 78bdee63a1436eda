import { type AddressInfo, type Socket, createConnection } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ServerProcess } from '../testing/server-process';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';

// A port from this suite's own range (4200-4299), for the server process.
const SHUTDOWN_PORT = 4221;

interface RawConnection {
  readonly socket: Socket;
  /** Everything the server wrote, once it closed the connection. */
  readonly closed: Promise<string>;
}

async function rawConnection(port: number): Promise<RawConnection> {
  const socket = createConnection({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

/** Resolves with the value, or with 'still open' once the time is up. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref())]);
}

describe('clients that stall or hang up', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const statuses: number[] = [];

  async function start(env: Record<string, string>): Promise<number> {
    database = await createTestDatabase('sqlite');
    app = await buildApp(loadConfig({ RATE_LIMIT: '0', SAMPLE_DATA: '0', ...env }), {
      database,
      logLevel: 'silent',
      instrument: (instance) => instance.addHook('onSend', async (_request, reply, payload) => (statuses.push(reply.statusCode), payload)),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }

  afterEach(async () => {
    statuses.length = 0;
    await app.close();
    await database.close();
  });

  it('answers a body that never finishes with 408 in the one error shape and closes the connection', async () => {
    const port = await start({ REQUEST_TIMEOUT_MS: '1000' });
    const { socket, closed } = await rawConnection(port);
    socket.write('POST /api/prompts HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":');
    const answer = await within(closed, 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"error":"REQUEST_TIMEOUT","message":"The request did not arrive in time"}');
  });

  it('answers headers that never finish with 408 and closes the connection', async () => {
    const port = await start({ REQUEST_TIMEOUT_MS: '1000' });
    const { socket, closed } = await rawConnection(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n');
    const answer = await within(closed, 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"error":"REQUEST_TIMEOUT"');
  });

  it('answers a request that is not HTTP in the one error shape', async () => {
    const port = await start({});
    const { socket, closed } = await rawConnection(port);
    socket.write('HELLO there\r\n\r\n');
    const answer = await within(closed, 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"error":"BAD_REQUEST","message":"The request is not valid HTTP"}');
  });

  it('treats a client hanging up mid-upload as an aborted request, not a database outage', async () => {
    const port = await start({});
    const { socket, closed } = await rawConnection(port);
    socket.write('POST /api/prompts HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.resetAndDestroy();
    await closed;
    await expect.poll(() => statuses.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(statuses).toEqual([400]);
    // The server goes on answering.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe('shutdown with a stalled client attached', () => {
  it('closes the stalled connection after the grace period and exits cleanly', async () => {
    const database = await createTestDatabase('sqlite');
    const server = new ServerProcess(SHUTDOWN_PORT, {
      DATABASE_URL: database.url,
      REQUEST_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    try {
      await server.start();
      const stalled = await rawConnection(SHUTDOWN_PORT);
      stalled.socket.write('POST /api/prompts HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ti');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const exitCode = await within(server.stop('SIGTERM'), 8000);
      expect(exitCode).toBe(0);
      // Not before the grace period: in-flight requests get their chance.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(await within(stalled.closed, 1000)).not.toBe('still open');
    } finally {
      server.kill('SIGKILL');
      await database.close();
    }
  });
});
