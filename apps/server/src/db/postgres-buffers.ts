import { type Kysely, sql } from 'kysely';

/**
 * The relations a search reads on PostgreSQL, as docs/operations.md (Sizing)
 * counts them: the searchable copy and the prompts, the word and word-pair
 * indexes, both primary keys and the newest-first index. Their trigram
 * indexes are left out: only needles the word indexes do not serve read
 * them. A relation not there (a database the migrations have not reached)
 * counts nothing.
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
 * included.
 */
export async function readBufferSizing<DB>(db: Kysely<DB>): Promise<BufferSizing> {
  const relations = sql.join(SEARCH_RELATIONS.map((name) => sql.lit(name)));
  const { rows } = await sql<{ buffers: string; buffersText: string; searchSet: string; searchSetText: string }>`
    WITH sizes AS (
      SELECT pg_size_bytes(current_setting('shared_buffers')) AS buffers,
        coalesce(sum(pg_relation_size(to_regclass(name))), 0)::bigint AS search_set
      FROM unnest(ARRAY[${relations}]::text[]) AS name)
    SELECT buffers, pg_size_pretty(buffers) AS "buffersText", search_set AS "searchSet", pg_size_pretty(search_set) AS "searchSetText"
    FROM sizes`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('PostgreSQL answered no row for its shared_buffers');
  return {
    sharedBuffersBytes: Number(row.buffers),
    sharedBuffers: row.buffersText,
    searchSetBytes: Number(row.searchSet),
    searchSet: row.searchSetText,
  };
}

/**
 * What to tell the operator when the shared buffers cannot hold what a
 * search reads, or undefined when they can. A search reads the page of
 * every prompt it matches (PostgreSQL 15 does even for a count); a page
 * outside the buffers comes from the operating system's cache at several
 * times the cost: at 1,000,000 prompts on two cores, 4.7 against 0.6
 * microseconds a page, and 2 GB of shared buffers instead of the default
 * 128 MB took the distinct-search load from 267-281 to 463-466 searches a
 * second (docs/performance.md, session 52).
 */
export function bufferAdvice(sizing: BufferSizing): string | undefined {
  if (sizing.sharedBuffersBytes >= sizing.searchSetBytes) return undefined;
  return (
    `PostgreSQL's shared_buffers (${sizing.sharedBuffers}) is smaller than the tables and indexes a search reads ` +
    `(${sizing.searchSet}): searches read the pages left out from the operating system's cache, several times slower. ` +
    `Raise it past ${sizing.searchSet} and restart PostgreSQL (docs/operations.md, Sizing).`
  );
}

/**
 * Logs bufferAdvice once, as the server starts: an operator who follows
 * PostgreSQL's default (128 MB) learns it from the log before visitors
 * learn it from slow searches. Reading the sizes failing is logged too,
 * and never stops the server.
 */
export async function warnOfSmallBuffers<DB>(db: Kysely<DB>, log: { warn(object: object, message: string): void }): Promise<void> {
  try {
    const sizing = await readBufferSizing(db);
    const advice = bufferAdvice(sizing);
    if (advice) log.warn({ sharedBuffers: sizing.sharedBuffers, searchSet: sizing.searchSet }, advice);
  } catch (error) {
    log.warn({ err: error }, 'could not compare PostgreSQL shared_buffers with the search tables');
  }
}
