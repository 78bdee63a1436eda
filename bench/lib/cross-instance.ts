import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './percentile';
import { startBuiltServer } from './processes';

/** Likes timed; an even number, so the visitor's like is taken back and the database left as it was. */
export const CROSS_INSTANCE_ROUNDS = 50;

/** Past the caches' TTL (5 s) a like shows anyway: a round still waiting then is counted as missed. */
const GIVE_UP_MS = 6000;

/** Between two reads of B's page: often enough to time to a millisecond, without loading B. */
const POLL_EVERY_MS = 1;

const VISITOR = 'user_benchcrossinstance';

export interface CrossInstanceResult {
  readonly rounds: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Rounds where B did not show the like within GIVE_UP_MS (must be 0). */
  readonly missed: number;
}

interface Card {
  readonly _id: string;
  readonly likes: number;
  readonly liked: boolean;
}

/** The first card of the list's first page, as the bench's visitor sees it on one instance. */
async function firstCard(baseUrl: string, id?: string): Promise<Card> {
  const response = await fetch(`${baseUrl}/api/prompts?limit=48`, { headers: { 'user-id': VISITOR } });
  const cards = (await response.json()) as Card[];
  const card = id === undefined ? cards[0] : cards.find((candidate) => candidate._id === id);
  if (!card) throw new Error(`no card ${id ?? ''} on the first page`);
  return card;
}

/**
 * Two instances of the built server on one database and one Redis, as
 * behind a load balancer: the visitor likes (or takes back the like of) the
 * list's first prompt on A, and the time from A's answer until B's list page,
 * read as that visitor, shows it is measured, CROSS_INSTANCE_ROUNDS times.
 * B's page is in its cache before each like, so only the announcement over
 * Redis can make it show sooner than the TTL.
 */
export async function crossInstanceVisibility(databaseUrl: string, redisUrl: string): Promise<CrossInstanceResult> {
  // Only the API is read; the namespace keeps these two to themselves on a shared Redis.
  const env = { NODE_ENV: 'production', SERVE_WEB: '0', REDIS_URL: redisUrl, REDIS_NAMESPACE: `bench:${process.pid}:` };
  const [a, b] = await Promise.all([startBuiltServer(databaseUrl, env), startBuiltServer(databaseUrl, env)]);
  try {
    const { _id: id } = await firstCard(b.url);
    const samples: number[] = [];
    let missed = 0;
    for (let round = 0; round < CROSS_INSTANCE_ROUNDS; round += 1) {
      const before = await firstCard(b.url, id);
      const liked = !before.liked;
      const response = await fetch(`${a.url}/api/prompts/${id}/like`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-id': VISITOR },
        body: JSON.stringify({ liked }),
      });
      if (!response.ok) throw new Error(`like on A: ${response.status} ${await response.text()}`);
      const started = performance.now();
      for (;;) {
        const now = await firstCard(b.url, id);
        const elapsed = performance.now() - started;
        if (now.liked === liked && now.likes === before.likes + (liked ? 1 : -1)) {
          samples.push(elapsed);
          break;
        }
        if (elapsed > GIVE_UP_MS) {
          missed += 1;
          break;
        }
        await sleep(POLL_EVERY_MS);
      }
    }
    samples.sort((x, y) => x - y);
    return {
      rounds: CROSS_INSTANCE_ROUNDS,
      p50: percentile(samples, 0.5),
      p99: percentile(samples, 0.99),
      max: samples.at(-1) ?? 0,
      missed,
    };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}
