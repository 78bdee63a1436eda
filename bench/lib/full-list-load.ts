import { request } from 'node:http';
import { probeHealth } from './health-probe';
import { percentile } from './percentile';

/** Clients downloading the whole library at once, as the issue that bounded its cost measured. */
export const FULL_LIST_CLIENTS = 8;

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
