import { percentile } from './percentile';

/** Needles of every kind at 100,000 prompts: words in half the library, a phrase, mid-frequency words, rare ones, a two-letter one. */
export const RELEVANCE_NEEDLES = ['with', 'about', 'write a', 'story', 'email', 'data', 'newsletter', 'plan', 'ab'] as const;

export interface RelevanceSpeed {
  readonly requests: number;
  readonly likesP50Ms: number;
  readonly likesP99Ms: number;
  readonly relevanceP50Ms: number;
  readonly relevanceP99Ms: number;
}

/**
 * GET /api/prompts?q=<needle>&limit=48, one client, sorted by likes and by
 * best match (issue 20: relevance within 1.5x of likes). Each search follows
 * a like, which empties the cached pages (cache/library-writes.ts), so both
 * orders are timed uncached, the way a visitor meets a search nobody made
 * since the last write.
 */
export async function measureRelevance(baseUrl: string, promptId: string, rounds = 3): Promise<RelevanceSpeed> {
  const likes: number[] = [];
  const relevance: number[] = [];
  let user = 0;
  const write = async () => {
    user += 1;
    const response = await fetch(`${baseUrl}/api/prompts/${promptId}/like`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-id': `user_relbench${String(user).padStart(6, '0')}` },
      body: JSON.stringify({ liked: true }),
    });
    if (!response.ok) throw new Error(`like before a relevance round: ${response.status}`);
  };
  const time = async (q: string, sort: string, into: number[]) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/prompts?q=${encodeURIComponent(q)}&sort=${sort}&limit=48`);
    await response.arrayBuffer();
    into.push(performance.now() - started);
    if (!response.ok) throw new Error(`search "${q}" sorted by ${sort}: ${response.status}`);
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const q of RELEVANCE_NEEDLES) {
      await write();
      await time(q, 'likes_desc', likes);
      await write();
      await time(q, 'relevance', relevance);
    }
  }
  likes.sort((a, b) => a - b);
  relevance.sort((a, b) => a - b);
  return {
    requests: likes.length + relevance.length,
    likesP50Ms: percentile(likes, 0.5),
    likesP99Ms: percentile(likes, 0.99),
    relevanceP50Ms: percentile(relevance, 0.5),
    relevanceP99Ms: percentile(relevance, 0.99),
  };
}
