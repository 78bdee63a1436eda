import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steadyLoad, waitUntilIdle } from './load';

/** How long the test server takes over each request of the warm-up, and over each one after it. */
const WARM_UP_DELAY_MS = 250;
const STEADY_DELAY_MS = 10;
const WARM_UP_REQUESTS = 8;

describe('steadyLoad', () => {
  let server: Server;
  let base = '';
  const paths: string[] = [];

  beforeAll(async () => {
    // Slow for the warm-up's requests, quick after them: a server the warm-up leaves behind, as the bench's do.
    server = createServer((request, response) => {
      paths.push(request.url ?? '');
      const delay = paths.length <= WARM_UP_REQUESTS ? WARM_UP_DELAY_MS : STEADY_DELAY_MS;
      setTimeout(() => response.end('ok'), delay);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('measures the responses after the warm-up alone, on one continuous load', async () => {
    let next = 0;
    const receivedAtOpen: number[] = [];
    const windowTimes: number[] = [];
    const closedWith: number[] = [];
    const measured = await steadyLoad({
      url: base,
      connections: 2,
      seconds: 1,
      warmUpRequests: WARM_UP_REQUESTS,
      nextPath: () => `/${next++}`,
      onWindowOpen: () => receivedAtOpen.push(paths.length),
      onWindowClose: (responses) => closedWith.push(responses),
      onWindowResponse: (ms) => windowTimes.push(ms),
    });
    const result = { ...measured, slowest: windowTimes.filter((ms) => ms >= WARM_UP_DELAY_MS * 0.8).length };

    // The window opened once, as the request after the warm-up's was about to be sent.
    expect(receivedAtOpen).toHaveLength(1);
    expect(receivedAtOpen[0]).toBeGreaterThanOrEqual(WARM_UP_REQUESTS - 2);
    expect(receivedAtOpen[0]).toBeLessThanOrEqual(WARM_UP_REQUESTS);
    // And closed once, with every response the figures count: none after it is.
    expect(closedWith).toEqual([measured.requests]);
    // Each path asked once, the first ones first (two connections may deliver neighbours in either order).
    expect([...paths].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(
      Array.from({ length: paths.length }, (_, index) => `/${index}`),
    );
    expect(paths.length).toBeLessThanOrEqual(next);
    // Of the warm-up's slow answers, at most the other connection's last one arrives in the window (it was in
    // flight as the window opened); the p50 is the steady answers'. Counting from the load's start, the
    // warm-up's eight would be the slowest of about a hundred, and the p50 no different.
    expect(result.requests).toBeGreaterThan(WARM_UP_REQUESTS * 2);
    expect(result.p50).toBeGreaterThanOrEqual(STEADY_DELAY_MS - 1);
    expect(result.p50).toBeLessThan(WARM_UP_DELAY_MS / 2);
    expect(result.slowest).toBeLessThanOrEqual(1);
    expect(result.succeeded).toBe(result.requests);
    expect(result.failures).toBe(0);
    // Two connections at about 10 ms a request: up to 200 a second.
    expect(result.rps).toBeLessThanOrEqual(2 * (1000 / STEADY_DELAY_MS));
  });
});

describe('waitUntilIdle', () => {
  it("waits until the probe's own path answers promptly, not the health check's", async () => {
    let busyUntil = performance.now() + 300;
    const asked: string[] = [];
    // The health check is always quick; /search is slow until the backlog drains.
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      const slow = request.url?.startsWith('/search') && performance.now() < busyUntil;
      setTimeout(() => response.end('ok'), slow ? 50 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      let probes = 0;
      const started = performance.now();
      await waitUntilIdle(url, { probePath: () => `/search?q=${probes++}` });
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      expect(asked.every((path) => path.startsWith('/search?q='))).toBe(true);
      expect(new Set(asked).size).toBe(asked.length);

      // Without a probe it asks the health check, which answers at once whatever the searches do.
      busyUntil = performance.now() + 300;
      asked.length = 0;
      await waitUntilIdle(url);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((path) => path === '/api/health')).toBe(true);
      expect(performance.now() < busyUntil).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
