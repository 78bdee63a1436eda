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
