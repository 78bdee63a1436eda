import autocannon from 'autocannon';

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  /** Responses with a 2xx status: the requests the server acknowledged. */
  readonly succeeded: number;
  readonly failures: number;
  /** From the first request to the last response (with `amount`, longer than `seconds` when the server falls behind). */
  readonly elapsedSeconds: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  readonly method?: 'GET' | 'POST';
  readonly overallRate?: number;
  /**
   * Send exactly this many requests and wait for every answer, instead of
   * stopping after `seconds` with up to one request per connection unanswered
   * (which the server may still carry out): for loads whose writes are counted
   * against their acknowledgements afterwards.
   */
  readonly amount?: number;
  readonly headers?: Record<string, string>;
  readonly setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** One bounded autocannon run (fixed duration, loopback only). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    amount: options.amount,
    overallRate: options.overallRate,
    headers: options.headers,
    requests: options.setupRequest ? [{ method: options.method ?? 'GET', setupRequest: options.setupRequest }] : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    succeeded: result['2xx'],
    failures: result.non2xx + result.errors + result.timeouts,
    elapsedSeconds: result.duration,
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
