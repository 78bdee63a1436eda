import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { percentile } from './percentile';

/** Clients downloading the whole library at once, as the issue that bounded its cost measured. */
export const FULL_LIST_CLIENTS = 8;

/** How often the health check is asked while the downloads run. */
const HEALTH_INTERVAL_MS = 10;

export interface FullListLoadResult {
  readonly seconds: number;
  readonly downloads: number;
  /** Bytes on the wire (compressed) of one download. */
  readonly downloadBytes: number;
  readonly failures: number;
  readonly healthP50: number;
  readonly healthP99: number;
  readonly healthChecks: number;
  /** The server's RSS at its peak by the end of the load, MB. */
  readonly peakRssMb: number;
}

/** GET a path and read the whole answer as it comes off the socket (still compressed); resolves with its status and size. */
function download(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Times GET /api/health every HEALTH_INTERVAL_MS for `seconds`, from a worker
 * thread: on this process's own event loop, busy reading the downloads, the
 * time measured would include the client's wait as well as the server's.
 */
function probeHealth(baseUrl: string, seconds: number): Promise<number[]> {
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

/**
 * FULL_LIST_CLIENTS clients download GET /api/prompts (the unpaged list)
 * back to back for `seconds`, as a browser asks (brotli or gzip), starting
 * with no list built yet, while one more client asks /api/health every
 * 10 ms: how long a visitor's request waits while whole-library downloads
 * are built and sent.
 */
export async function fullListLoad(baseUrl: string, seconds: number, serverMemory: () => { peakMb: number }): Promise<FullListLoadResult> {
  const deadline = performance.now() + seconds * 1000;
  let downloads = 0;
  let failures = 0;
  let downloadBytes = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      try {
        const answer = await download(baseUrl, '/api/prompts', { 'accept-encoding': 'br, gzip' });
        if (answer.status !== 200) failures += 1;
        else {
          downloads += 1;
          downloadBytes = answer.bytes;
        }
      } catch {
        failures += 1;
      }
    }
  };
  const [health] = await Promise.all([probeHealth(baseUrl, seconds), ...Array.from({ length: FULL_LIST_CLIENTS }, client)]);
  health.sort((a, b) => a - b);
  return {
    seconds,
    downloads,
    downloadBytes,
    // A failed health check counts as a failure and as an endless wait.
    failures: failures + health.filter((time) => time === Infinity).length,
    healthP50: percentile(health, 0.5),
    healthP99: percentile(health, 0.99),
    healthChecks: health.length,
    peakRssMb: serverMemory().peakMb,
  };
}
