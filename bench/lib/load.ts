import autocannon from 'autocannon';

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly failures: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  readonly method?: 'GET' | 'POST';
  readonly overallRate?: number;
  readonly headers?: Record<string, string>;
  readonly setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** One bounded autocannon run (fixed duration, loopback only). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.overallRate,
    headers: options.headers,
    requests: options.setupRequest ? [{ method: options.method ?? 'GET', setupRequest: options.setupRequest }] : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Waits until the server answers its health check promptly. When a load
 * stops, the requests already sent (up to one per connection) are still
 * being served; the next measurement must not start behind them.
 */
export async function waitUntilIdle(baseUrl: string, { quickMs = 20, timeoutMs = 60_000 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`);
    if (performance.now() - started < quickMs) return;
  }
  throw new Error(`${baseUrl} was still busy ${timeoutMs / 1000} s after the load stopped`);
}
