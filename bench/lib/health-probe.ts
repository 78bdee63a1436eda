import { Worker } from 'node:worker_threads';
import { percentile } from './percentile';

/** How often the health check is asked while a load runs. */
const HEALTH_INTERVAL_MS = 10;

/**
 * Times GET /api/health every HEALTH_INTERVAL_MS for `seconds`, from a worker
 * thread: on this process's own event loop, busy with the load, the
 * time measured would include the client's wait as well as the server's.
 */
export function probeHealth(baseUrl: string, seconds: number): Promise<number[]> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const deadline = performance.now() + workerData.seconds * 1000;
      const times = [];
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(workerData.url);
        await response.arrayBuffer();
        times.push(response.ok ? performance.now() - started : Infinity);
        await new Promise((resolve) => setTimeout(resolve, workerData.interval));
      }
      parentPort.postMessage(times);
    })();`;
  const worker = new Worker(source, { eval: true, workerData: { url: `${baseUrl}/api/health`, seconds, interval: HEALTH_INTERVAL_MS } });
  return new Promise((resolve, reject) => {
    worker.once('message', (times: number[]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** /api/health's waits while a load ran. */
export interface HealthFigures {
  readonly p50: number;
  readonly p99: number;
}

/** The median and the p99 of the health check's times (a failed check counts as an endless wait; none timed, NaN). */
export function healthFigures(times: readonly number[]): HealthFigures {
  if (times.length === 0) return { p50: Number.NaN, p99: Number.NaN };
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/**
 * Runs `load` with /api/health timed meanwhile, for the load's first
 * `seconds` (a write row's length: its last requests may be answered after
 * them). The load's error, if any, is the one reported.
 */
export async function withHealthProbe<T>(
  baseUrl: string,
  seconds: number,
  load: () => Promise<T>,
): Promise<{ result: T; health: HealthFigures }> {
  const health = probeHealth(baseUrl, seconds);
  health.catch(() => undefined);
  const result = await load();
  return { result, health: healthFigures(await health) };
}
