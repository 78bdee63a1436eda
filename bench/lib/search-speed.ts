import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../apps/server/src/db/connect';
import type { Database } from '../../apps/server/src/db/schema';
import { countPrompts, listPrompts } from '../../apps/server/src/prompts/read-repository';
import { likePattern } from '../../apps/server/src/prompts/search';

/**
 * Indexed search against a plain LIKE '%q%' scan on the same data, both
 * answering what GET /api/prompts?q=..&limit=48 needs: the total and the
 * first page, newest first. The scan is the query the app ran before the
 * trigram indexes; on PostgreSQL bitmap scans (the only way GIN is used) are
 * switched off for it, leaving the planner every b-tree.
 */
export const SEARCH_NEEDLES = ['newsletter', 'zürich', 'onboarding checklist', 'brûlée'];

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

async function scan(db: Kysely<Database>, dialect: Dialect, needle: string): Promise<void> {
  const pattern = likePattern(needle);
  const match =
    dialect === 'postgres'
      ? sql`(title ILIKE ${pattern} OR prompt ILIKE ${pattern})`
      : sql`(title LIKE ${pattern} ESCAPE '\\' OR prompt LIKE ${pattern} ESCAPE '\\')`;
  const run = async (trx: Kysely<Database>) => {
    if (dialect === 'postgres') await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    await sql`SELECT count(*) FROM prompts WHERE status = 'visible' AND ${match}`.execute(trx);
    await sql`SELECT id, title, prompt, category, model, like_count, copy_count, comment_count, created_at FROM prompts
      WHERE status = 'visible' AND ${match} ORDER BY created_at DESC, id DESC LIMIT 49`.execute(trx);
  };
  await db.transaction().execute(run);
}

async function indexed(db: Kysely<Database>, dialect: Dialect, needle: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await countPrompts(trx, dialect, { q: needle });
    await listPrompts(trx, dialect, { q: needle }, { sort: 'newest', limit: 49 }, undefined);
  });
}

export interface SearchSpeed {
  readonly indexedMs: number;
  readonly scanMs: number;
  readonly matches: Record<string, number>;
}

export async function measureSearchSpeed(db: Kysely<Database>, dialect: Dialect, rounds = 7): Promise<SearchSpeed> {
  let indexedMs = 0;
  let scanMs = 0;
  const matches: Record<string, number> = {};
  for (const needle of SEARCH_NEEDLES) {
    matches[needle] = await countPrompts(db, dialect, { q: needle });
    indexedMs += await median(rounds, () => indexed(db, dialect, needle));
    scanMs += await median(rounds, () => scan(db, dialect, needle));
  }
  return { indexedMs: indexedMs / SEARCH_NEEDLES.length, scanMs: scanMs / SEARCH_NEEDLES.length, matches };
}
