import { type Kysely, sql } from 'kysely';
import type { WarningLog } from '../runtime/warning-log';
import { setLocalLockTimeout } from './lock-timeout';

/**
 * The relations a search reads on PostgreSQL, as docs/operations.md (Sizing)
 * counts them: the searchable copy and the prompts, the word and word-pair
 * indexes, both primary keys and the newest-first index. Left out: the
 * trigram indexes, which only needles the word indexes do not serve read,
 * and the kept counts (`search_word_counts`, `search_grams`), of which a
 * search reads a few rows. A relation not there (a database the migrations
 * have not reached) counts nothing. Each counts its main data alone
 * (pg_relation_size): a prompt's row is under the 2 KB past which
 * PostgreSQL would move its text to TOAST.
 */
export const SEARCH_RELATIONS = [
  'prompt_search',
  'prompt_search_pkey',
  'prompt_search_words_idx',
  'prompt_search_word_pairs_idx',
  'prompts',
  'prompts_pkey',
  'prompts_created_idx',
] as const;

/** How long the sizing waits for a table's lock (a VACUUM FULL, a REINDEX) before it gives up. */
const SIZING_LOCK_TIMEOUT_MS = 1000;

/** PostgreSQL's shared buffers beside what a search reads, each in bytes and as PostgreSQL prints sizes. */
export interface BufferSizing {
  readonly sharedBuffersBytes: number;
  readonly sharedBuffers: string;
  readonly searchSetBytes: number;
  readonly searchSet: string;
}

/**
 * Reads `shared_buffers` and the size of SEARCH_RELATIONS (in the
 * connection's schema). Any role may read both, a managed service's
 * included. Sizing a relation takes its lightest lock, which waits for a
 * VACUUM FULL or a REINDEX of it: past SIZING_LOCK_TIMEOUT_MS it fails
 * rather than hold a connection for as long.
 */
export async function readBufferSizing<DB>(db: Kysely<DB>): Promise<BufferSizing> {
  const relations = sql.join(SEARCH_RELATIONS.map((name) => sql.lit(name)));
  const row = await db.transaction().execute(async (trx) => {
    await setLocalLockTimeout(trx, SIZING_LOCK_TIMEOUT_MS);
    const { rows } = await sql<{ buffers: number; buffersText: string; searchSet: number; searchSetText: string }>`
      WITH sizes AS (
        SELECT pg_size_bytes(current_setting('shared_buffers')) AS buffers,
          coalesce(sum(pg_relation_size(to_regclass(name))), 0)::bigint AS search_set
        FROM unnest(ARRAY[${relations}]::text[]) AS name)
      SELECT buffers, pg_size_pretty(buffers) AS "buffersText", search_set AS "searchSet", pg_size_pretty(search_set) AS "searchSetText"
      FROM sizes`.execute(trx);
    return rows[0];
  });
  if (!row) throw new Error('PostgreSQL answered no row for its shared_buffers');
  return { sharedBuffersBytes: row.buffers, sharedBuffers: row.buffersText, searchSetBytes: row.searchSet, searchSet: row.searchSetText };
}

/**
 * Whether the shared buffers can hold what a search reads. A search reads
 * the page of every prompt it matches (PostgreSQL 15 does even for a
 * count); a page outside the buffers comes from the operating system's
 * cache at several times the cost: at 1,000,000 prompts on two cores,
 * counting 8,113 matches took 38 ms against 4.9-6.3 with their pages in
 * the buffers, and 2 GB of shared buffers instead of the default 128 MB
 * ran the distinct-search load at 1.3-1.7 times the searches a second
 * (docs/performance.md, session 52).
 */
export function buffersHoldSearchSet(sizing: BufferSizing): boolean {
  return sizing.sharedBuffersBytes >= sizing.searchSetBytes;
}

/** What searches pay when the buffers are too small, for the warning and the bench's report. */
export const SMALL_BUFFERS_COST = "searches read the pages that do not fit from the operating system's cache, several times slower";

/** What to tell the operator when the shared buffers cannot hold what a search reads, or undefined when they can. */
export function bufferAdvice(sizing: BufferSizing): string | undefined {
  if (buffersHoldSearchSet(sizing)) return undefined;
  return (
    `PostgreSQL's shared_buffers (${sizing.sharedBuffers}) is smaller than the tables and indexes a search reads ` +
    `(${sizing.searchSet}): ${SMALL_BUFFERS_COST}. Raise it past ${sizing.searchSet} and restart PostgreSQL ` +
    `(docs/operations.md, Sizing).`
  );
}

/** Logs bufferAdvice, with both sizes as fields, when there is any. */
export function logBufferAdvice(sizing: BufferSizing, log: WarningLog): void {
  const advice = bufferAdvice(sizing);
  if (advice) log.warn({ sharedBuffers: sizing.sharedBuffers, searchSet: sizing.searchSet }, advice);
}

/**
 * Reads the sizes and logs bufferAdvice, once the server listens: an
 * operator who keeps PostgreSQL's default (128 MB) learns it from the log
 * before visitors learn it from slow searches. It never rejects: failing
 * to read the sizes is logged too, and never stops the server.
 */
export async function warnOfSmallBuffers<DB>(db: Kysely<DB>, log: WarningLog): Promise<void> {
  try {
    logBufferAdvice(await readBufferSizing(db), log);
  } catch (error) {
    log.warn({ err: error }, 'could not compare PostgreSQL shared_buffers with the search tables');
  }
}
