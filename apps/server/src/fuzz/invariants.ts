import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export interface CounterMismatch {
  readonly id: string;
  readonly counter: 'like_count' | 'copy_count' | 'comment_count';
  readonly stored: number;
  readonly rows: number;
}

/**
 * Every prompt's counters against the rows they count: likes, copy events and
 * visible comments. An empty list means the database is consistent.
 */
export async function counterMismatches(db: Kysely<Database>): Promise<CounterMismatch[]> {
  const rows = await sql<{
    id: string;
    like_count: number;
    copy_count: number;
    comment_count: number;
    likes: number;
    copies: number;
    comments: number;
  }>`
    select p.id, p.like_count, p.copy_count, p.comment_count,
      (select count(*) from likes l where l.prompt_id = p.id) as likes,
      (select count(*) from copies c where c.prompt_id = p.id) as copies,
      (select count(*) from comments n where n.prompt_id = p.id and n.status = 'visible') as comments
    from prompts p
  `.execute(db);
  const mismatches: CounterMismatch[] = [];
  for (const row of rows.rows) {
    const pairs = [
      ['like_count', row.like_count, row.likes],
      ['copy_count', row.copy_count, row.copies],
      ['comment_count', row.comment_count, row.comments],
    ] as const;
    for (const [counter, stored, counted] of pairs) {
      if (Number(stored) !== Number(counted)) mismatches.push({ id: row.id, counter, stored: Number(stored), rows: Number(counted) });
    }
  }
  return mismatches;
}
