import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * SQLite: drops the statistics samples (`sqlite_stat4`) of the full-text
 * indexes' own tables (their shadow tables), which a plain ANALYZE (the generator's, an
 * operator's, `PRAGMA optimize`) takes along with every other table's.
 *
 * FTS5 finds a term's segment with a statement of its own that compares
 * `segid = ?` with the leading column of its `_idx` table. With samples of
 * that table, SQLite plans the statement with the bound segid and prepares
 * it again each time a new one is bound (as decision 0027 describes for the
 * app's own statements): for every trigram a search looks up. Under the
 * distinct-search load at 100,000 prompts that was 9.8% of the read threads'
 * processor time; without the samples, 13-18% less processor time a search
 * (docs/performance.md, session 47). FTS5's statements are lookups by key,
 * planned the same way without them. The other tables keep their samples,
 * which the app's own plans use, and the per-index counts (`sqlite_stat1`)
 * stay.
 *
 * Run at the end of every migration run (migrateToLatest: the server's
 * start, the command-line tools') and by the generator after its ANALYZE.
 * The connection then reloads the statistics it plans with; the read
 * threads' connections, opened later, read them as they are.
 */
export async function dropFullTextSamples(db: Kysely<Database>): Promise<number> {
  const analysed = await sql<{ found: number }>`SELECT count(*) AS found FROM sqlite_schema WHERE name = 'sqlite_stat4'`.execute(db);
  if (Number(analysed.rows[0]?.found ?? 0) === 0) return 0;
  // The tables a virtual table keeps behind it (FTS5's _data, _idx, _content, _docsize and _config), as SQLite lists them.
  const deleted = await sql`DELETE FROM sqlite_stat4 WHERE tbl IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')`.execute(db);
  const dropped = Number(deleted.numAffectedRows ?? 0);
  // Reloads the statistics into this connection's schema (SQLite's documented way, "ANALYZE sqlite_schema").
  if (dropped > 0) await sql`ANALYZE sqlite_schema`.execute(db);
  return dropped;
}
