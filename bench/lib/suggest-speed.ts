import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { timedRequest } from './one-client';
import { percentile } from './percentile';

export interface SuggestSpeed {
  readonly requests: number;
  /** How many typos got a suggestion back. */
  readonly suggested: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** A word of the library with two neighbouring letters in the middle swapped: the commonest slip. */
function typoOf(word: string): string {
  const letters = [...word];
  const at = Math.floor(letters.length / 2) - 1;
  [letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at] ?? ''];
  return letters.join('');
}

/**
 * GET /api/search/suggest for typos of the library's own title words, one
 * client, each typo asked once (so only the vocabulary, rebuilt when a prompt
 * is added, is cached), as the library's empty state asks it. 200 typos, so
 * the p99 is a percentile and not the one slowest of 50.
 */
export async function measureSuggest(db: Kysely<Database>, baseUrl: string, count = 200): Promise<SuggestSpeed> {
  const words = await db
    .selectFrom('summary_keywords')
    .select('word')
    .where('uses', '>', 0)
    .orderBy('uses', 'desc')
    .limit(count * 4)
    .execute();
  const typos = [
    ...new Set(
      words
        .map((row) => row.word)
        .filter((word) => /^\p{L}{6,}$/u.test(word))
        .map(typoOf),
    ),
  ].slice(0, count);
  const times: number[] = [];
  let suggested = 0;
  for (const typo of typos) {
    const response = await timedRequest(`${baseUrl}/api/search/suggest?q=${encodeURIComponent(typo)}`);
    if (!response.ok) throw new Error(`suggest "${typo}": ${response.status}`);
    times.push(response.ms);
    const { suggestion } = response.json<{ suggestion: string | null }>();
    if (suggestion !== null) suggested += 1;
  }
  times.sort((a, b) => a - b);
  return { requests: typos.length, suggested, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}
