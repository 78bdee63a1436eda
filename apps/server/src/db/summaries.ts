import { setTimeout } from 'node:timers/promises';
import { titleWords } from '@prompt-vault/shared/keywords';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { addKeptCounts } from './kept-counts';
import { countPromptGrams, recountSearchGrams } from './search-grams';
import { countPromptWords, recountSearchWords } from './search-word-counts';
import type { Database } from './schema';
import { setLocalLockTimeout } from './lock-timeout';

/**
 * The summaries' application side (decision 0010). Triggers of migration
 * 0005 keep the totals, days and facets; the title word counts behind the
 * popular keywords are kept here, because the word rule
 * (packages/shared/src/keywords.ts) needs Unicode classes that neither
 * database's SQL offers on both sides, and so are the short needles' counts
 * (db/search-grams.ts) and, on PostgreSQL, the search words' counts
 * (db/search-word-counts.ts). Call it in the transaction that inserts visible
 * prompts (after the insert) or changes a prompt's visibility.
 */
export async function countVisiblePrompts(
  db: Kysely<Database>,
  prompts: readonly { readonly id: string; readonly title: string }[],
  step: 1 | -1,
): Promise<void> {
  await addKeptCounts(db, 'summary_keywords', wordUses(prompts.map((prompt) => prompt.title)), step);
  const ids = prompts.map((prompt) => prompt.id);
  await countPromptGrams(db, ids, step);
  await countPromptWords(db, ids, step);
}

function wordUses(titles: Iterable<string>, uses = new Map<string, number>()): Map<string, number> {
  for (const title of titles) for (const word of titleWords(title)) uses.set(word, (uses.get(word) ?? 0) + 1);
  return uses;
}

const READ_BATCH = 5000;

/**
 * Recounts every summary from the library, in one transaction, as migration
 * 0005 counted an existing library (the migration keeps its own copy of this
 * counting, as history), and on PostgreSQL the words a search looks its
 * needle up in, with their prompt counts (migration 0011).
 *
 * Safe while servers write (`npm run admin -- recount`): the recount reads
 * the library in several statements, and a write landing between two of them
 * would be counted twice (by the recount and by its own update) or not at
 * all. On SQLite the first statement takes the database's only write lock; on
 * PostgreSQL the transaction first holds off writes to what it reads
 * (holdOffWrites), reads going on as before.
 */
export async function recountSummaries(db: Kysely<Database>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        if (dialectOf(db) === 'postgres') await holdOffWrites(trx);
        await recountSummariesInTransaction(trx);
      });
      return;
    } catch (error) {
      if (!isLockTimeout(error) || attempt === LOCK_ATTEMPTS) throw error;
      await setTimeout(LOCK_RETRY_MS);
    }
  }
}

/**
 * How long the recount waits for writes in progress before it lets them go
 * and tries again: well under PostgreSQL's deadlock_timeout (1 s), so that
 * where a writer's statement holds one of the tables and waits for another
 * the recount holds, the recount is the one that gives way, never a
 * visitor's write. A write takes milliseconds, and new ones queue behind the
 * recount's request, so a try rarely waits this long.
 */
const LOCK_TIMEOUT_MS = 100;
const LOCK_ATTEMPTS = 50;
const LOCK_RETRY_MS = 100;

/**
 * PostgreSQL: the tables the recount reads are locked in SHARE mode until it
 * commits: inserts, updates and deletes wait (writes in progress finish
 * first), plain reads do not.
 */
async function holdOffWrites(trx: Kysely<Database>): Promise<void> {
  await setLocalLockTimeout(trx, LOCK_TIMEOUT_MS);
  await sql`LOCK TABLE prompts, prompt_search, likes, copies IN SHARE MODE`.execute(trx);
  await sql`SET LOCAL lock_timeout TO DEFAULT`.execute(trx);
}

/** PostgreSQL's lock_not_available, which a lock_timeout raises. */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '55P03';
}

/**
 * The recount inside a transaction the caller holds: a bulk load (the
 * generator) writes its rows with the summaries' triggers off for its own
 * transaction, then restores them and recounts before it commits, so no
 * other connection ever sees rows without their summaries.
 */
export async function recountSummariesInTransaction(trx: Kysely<Database>): Promise<void> {
  for (const table of ['summary_totals', 'summary_days', 'summary_facets', 'summary_keywords'] as const)
    await trx.deleteFrom(table).execute();
  // Likes and copies of hidden prompts are left out by testing each row's
  // prompt against the few hidden ones, not by joining every row to its
  // prompt: at 1,000,000 prompts the joins looked up 40 million prompts and
  // took 124 s of the generator's run. The totals are the days' sums, so
  // likes and copies are read once.
  await sql`
      INSERT INTO summary_days (day, shard, prompts, likes, copies)
      SELECT day, 0, sum(p), sum(l), sum(c) FROM (
        SELECT substr(created_at, 1, 10) AS day, 1 AS p, 0 AS l, 0 AS c FROM prompts WHERE status = 'visible'
        UNION ALL SELECT substr(created_at, 1, 10), 0, 1, 0 FROM likes WHERE prompt_id NOT IN (SELECT id FROM prompts WHERE status <> 'visible')
        UNION ALL SELECT substr(created_at, 1, 10), 0, 0, 1 FROM copies WHERE prompt_id NOT IN (SELECT id FROM prompts WHERE status <> 'visible')
      ) events GROUP BY day`.execute(trx);
  await sql`
      INSERT INTO summary_totals (shard, prompts, likes, copies)
      SELECT 0, coalesce(sum(prompts), 0), coalesce(sum(likes), 0), coalesce(sum(copies), 0) FROM summary_days`.execute(trx);
  await sql`
      INSERT INTO summary_facets (field, name, prompts)
      SELECT 'category', category, count(*) FROM prompts WHERE status = 'visible' GROUP BY category
      UNION ALL SELECT 'model', model, count(*) FROM prompts WHERE status = 'visible' GROUP BY model`.execute(trx);
  const uses = new Map<string, number>();
  let after = '';
  for (;;) {
    const rows = await trx
      .selectFrom('prompts')
      .select(['id', 'title'])
      .where('status', '=', 'visible')
      .where('id', '>', after)
      .orderBy('id')
      .limit(READ_BATCH)
      .execute();
    if (rows.length === 0) break;
    wordUses(
      rows.map((row) => row.title),
      uses,
    );
    after = rows[rows.length - 1]?.id ?? after;
  }
  await addKeptCounts(trx, 'summary_keywords', uses, 1);
  await recountSearchGrams(trx);
  await recountSearchWords(trx);
}

/** The visible prompts, as a selection of summary_totals: the sum of its shard rows (0 without rows). */
export function sumOfVisiblePrompts(eb: ExpressionBuilder<Database, 'summary_totals'>) {
  return eb.fn.coalesce(eb.fn.sum<number | string>('prompts'), sql<number>`0`);
}

/** The visible prompts: the sum of the totals' shard rows. */
export async function visiblePromptCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('summary_totals')
    .select((eb) => sumOfVisiblePrompts(eb).as('prompts'))
    .executeTakeFirstOrThrow();
  return Number(row.prompts);
}
