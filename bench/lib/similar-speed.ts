import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { timedRequest } from './one-client';
import { percentile } from './percentile';

export interface SimilarSpeed {
  readonly requests: number;
  /** How many near copies got their own source prompt back first. */
  readonly foundSource: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** Requests made first and not counted: the server's JIT and connections warm up on them. */
const WARM_UP = 10;

/**
 * The near copy of a stored prompt: "!" added to its title and the
 * middle word of its text replaced.
 */
export function nearCopyOf(prompt: { title: string; prompt: string }): { title: string; prompt: string } {
  const words = prompt.prompt.split(' ');
  const middle = Math.floor(words.length / 2);
  words[middle] = words[middle] === 'different' ? 'other' : 'different';
  return { title: `${prompt.title.slice(0, 49)}!`, prompt: words.join(' ') };
}

/**
 * POST /api/prompts/similar for near copies of prompts spread over the
 * library, one client, each draft sent once (nothing of the check is cached),
 * as the share form asks when its visitor stops typing.
 */
export async function measureSimilar(db: Kysely<Database>, baseUrl: string, count = 100): Promise<SimilarSpeed> {
  const total = Number(
    (
      await db
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const step = Math.max(1, Math.floor(total / (count + WARM_UP)));
  const sources: { id: string; title: string; prompt: string }[] = [];
  for (let index = 0; index < count + WARM_UP && index * step < total; index += 1) {
    const row = await db
      .selectFrom('prompts')
      .select(['id', 'title', 'prompt'])
      .where('status', '=', 'visible')
      .orderBy('id')
      .offset(index * step)
      .limit(1)
      .executeTakeFirst();
    if (row) sources.push(row);
  }
  const times: number[] = [];
  let foundSource = 0;
  for (const [index, source] of sources.entries()) {
    const response = await timedRequest(`${baseUrl}/api/prompts/similar`, { method: 'POST', body: nearCopyOf(source) });
    if (!response.ok) throw new Error(`similar to ${source.id}: ${response.status}`);
    if (index < WARM_UP) continue;
    times.push(response.ms);
    const body = response.json<{ similar: { _id: string }[] }>();
    if (body.similar[0]?._id === source.id) foundSource += 1;
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, foundSource, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}
