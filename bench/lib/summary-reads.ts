import { type MachineStalls, watchMachineStalls } from './machine-stalls';
import { percentile } from './percentile';

/** The reads issue 21 holds to 10 ms at any size: each one answered from the summaries kept with the writes. */
export const SUMMARY_READS = ['/api/facets', '/api/analytics', '/api/prompts?limit=48'] as const;
const WRITES = ['a like', 'a copy', 'a new prompt'] as const;
export const SUMMARY_ROUNDS = 10;

export interface SummaryReadTimes {
  readonly path: string;
  readonly p50Ms: number;
  readonly maxMs: number;
}

export interface SummaryReads {
  /** Reads timed: every path after every write of every round. */
  readonly requests: number;
  readonly reads: SummaryReadTimes[];
  /** The machine's own stalls while the reads ran (absent from runs before session 24). */
  readonly machineStalls?: MachineStalls;
}

/**
 * One client: a like, a copy or a new prompt, then each summary read, so
 * every read misses the caches the write emptied (cache/library-writes.ts)
 * and shows what it costs uncached right after the write that changed it.
 * The unfiltered list must carry its total (X-Total-Count). The prompts it
 * adds are hidden again at the end with the admin token the server was
 * started with, so repeated runs leave the library's visible prompts as
 * they were. The machine's own stalls are watched meanwhile: the row is
 * judged by its slowest read.
 */
export async function measureSummaryReads(baseUrl: string, promptId: string, adminToken: string): Promise<SummaryReads> {
  const times = new Map<string, number[]>(SUMMARY_READS.map((path) => [path, []]));
  const added: string[] = [];
  const runId = Date.now().toString(36);
  let writes = 0;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-id': `user_sumbench${String(writes).padStart(6, '0')}`, ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ _id?: string }>;
  };
  const write = async (kind: (typeof WRITES)[number]) => {
    writes += 1;
    if (kind === 'a like') await post(`/api/prompts/${promptId}/like`, { liked: true });
    else if (kind === 'a copy') await post(`/api/prompts/${promptId}/copy`, {});
    else {
      const created = await post('/api/prompts', {
        title: `Summary bench ${runId} ${writes}`,
        prompt: `Check that the summaries stay cheap after write ${writes} of bench run ${runId}.`,
        category: 'Coding',
        model: 'GPT-4o',
      });
      if (created._id) added.push(created._id);
    }
  };
  const watch = await watchMachineStalls();
  let machineStalls: MachineStalls | undefined;
  try {
    // Round -1 warms the JIT and the prepared statements up and is not counted.
    for (let round = -1; round < SUMMARY_ROUNDS; round += 1) {
      for (const kind of WRITES) {
        await write(kind);
        for (const path of SUMMARY_READS) {
          const started = performance.now();
          const response = await fetch(`${baseUrl}${path}`);
          await response.arrayBuffer();
          if (round >= 0) times.get(path)?.push(performance.now() - started);
          if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
          if (path.startsWith('/api/prompts') && response.headers.get('x-total-count') === null)
            throw new Error(`GET ${path} came without X-Total-Count`);
        }
      }
    }
  } finally {
    // The row needs the stalls only beside its figures: a watch that failed leaves them out.
    machineStalls = await watch.stop().catch(() => undefined);
    for (const id of added) await post(`/api/admin/prompts/${id}/hide`, {}, { authorization: `Bearer ${adminToken}` });
  }
  return {
    requests: SUMMARY_ROUNDS * WRITES.length * SUMMARY_READS.length,
    machineStalls,
    reads: [...times].map(([path, values]) => {
      values.sort((a, b) => a - b);
      return { path, p50Ms: percentile(values, 0.5), maxMs: values.at(-1) ?? 0 };
    }),
  };
}
