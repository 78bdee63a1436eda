import autocannon from 'autocannon';
import { percentile } from './percentile';

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
    failures: result.non2xx + result.errors,
    elapsedSeconds: result.duration,
  };
}

/** What steadyLoad runs. */
export interface SteadyLoadOptions {
  readonly url: string;
  readonly connections: number;
  /** How long the measured window lasts. */
  readonly seconds: number;
  /** Requests sent before the window opens, on the same connections without a pause. */
  readonly warmUpRequests: number;
  /** The path of each request, in the order sent (the warm-up's first). */
  readonly nextPath: () => string;
  /** Called once, as the window opens (to start measuring something else alongside). */
  readonly onWindowOpen?: () => void;
  /** Called once, as the window closes, with the responses it counted (to stop measuring alongside). */
  readonly onWindowClose?: (responses: number) => void;
  /** Called with each response time (ms) the figures count, for a caller that keeps them. */
  readonly onWindowResponse?: (ms: number) => void;
}

/** The longest a steady load's warm-up may take before the run is given up. */
const STEADY_WARM_UP_LIMIT_SECONDS = 60;
/** How often autocannon checks whether it was told to stop (its default, 1 s, would run on that long). */
const STOP_CHECK_MS = 50;

/**
 * One continuous load of GET requests, measured only once `warmUpRequests`
 * have been sent, for `seconds`: the figures are those of the responses
 * that arrive in that window, while every connection stays busy. A warm-up
 * run apart from the measured one would hand the measured run its
 * abandoned requests (the server still serves the up to one a connection
 * that were in flight when the warm-up stopped, behind which the first of
 * the next run wait), and that run would start with every connection
 * sending at once: at 100,000 prompts on PostgreSQL, the first 50 searches
 * of such a run answered after 131-350 ms, against a p50 of 70 ms
 * (docs/performance.md, session 31). Failures count over the whole load
 * (autocannon counts a timeout among its errors).
 */
export async function steadyLoad(options: SteadyLoadOptions): Promise<LoadResult> {
  const { seconds, warmUpRequests } = options;
  let sent = 0;
  let windowEnd = Number.POSITIVE_INFINITY;
  let windowStart: number | undefined;
  const latencies: number[] = [];
  let inWindow = 0;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run: autocannon.Options = {
      url: options.url,
      connections: options.connections,
      duration: STEADY_WARM_UP_LIMIT_SECONDS + seconds,
      sampleInt: STOP_CHECK_MS,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            if (sent === warmUpRequests) {
              windowStart = performance.now();
              windowEnd = windowStart + seconds * 1000;
              stopTimer = setTimeout(() => {
                options.onWindowClose?.(inWindow);
                instance?.stop();
              }, seconds * 1000);
              options.onWindowOpen?.();
            }
            sent += 1;
            return { ...request, path: options.nextPath() };
          },
        },
      ],
    };
    instance = autocannon(run, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client: unknown, statusCode: number | string, _bytes: number, responseTime: number) => {
      const now = performance.now();
      if (windowStart === undefined || now < windowStart || now > windowEnd) return;
      inWindow += 1;
      const status = Number(statusCode);
      if (status >= 200 && status < 300) latencies.push(responseTime);
      options.onWindowResponse?.(responseTime);
    });
  });
  clearTimeout(stopTimer);
  if (windowStart === undefined)
    throw new Error(`The warm-up sent ${sent} of its ${warmUpRequests} requests in ${STEADY_WARM_UP_LIMIT_SECONDS} s`);
  latencies.sort((a, b) => a - b);
  return {
    rps: inWindow / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requests: inWindow,
    succeeded: latencies.length,
    failures: result.non2xx + result.errors,
    elapsedSeconds: seconds,
  };
}

/**
 * Waits until the server answers promptly: its health check, or each of
 * `probePath`'s requests. When a load stops, the requests already sent (up
 * to one per connection) are still being served; the next measurement must
 * not start behind them. The health check does not wait for searches,
 * which run apart (DatabaseHandle.longReads): after a search load, probe
 * with a search (uncachedSearchPath in cold-search.ts).
 */
export async function waitUntilIdle(
  baseUrl: string,
  {
    quickMs = 20,
    timeoutMs = 60_000,
    probePath = () => '/api/health',
  }: { quickMs?: number; timeoutMs?: number; probePath?: () => string } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${baseUrl}${probePath()}`)).arrayBuffer();
    if (performance.now() - started < quickMs) return;
  }
  throw new Error(`${baseUrl} was still busy ${timeoutMs / 1000} s after the load stopped`);
}
