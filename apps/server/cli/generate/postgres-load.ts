// What the PostgreSQL load's connections share: the load's own (bulk-writer.ts) and the search copy's (postgres-search-copy.ts).
import pg from 'pg';

/**
 * A connection to `url` whose unqualified names resolve in `schema` (tests
 * fill a schema of their own). Its connection dropping (a PostgreSQL
 * restart, a terminated backend) is an 'error' event, which with no
 * listener would end the command at once, before the load rolls back and
 * the staged search copy is dropped. The query in flight, if any, and the
 * client's next one are rejected anyway, so the run fails through its
 * usual path; the cause, which the next query's rejection does not name
 * ("not queryable"), is written to stderr once.
 */
export function postgresClient(url: string, schema?: string): pg.Client {
  const client = new pg.Client({ connectionString: url, options: schema ? `-c search_path=${schema}` : undefined });
  let reported = false;
  client.on('error', (error) => {
    if (reported) return;
    reported = true;
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  return client;
}

/**
 * Sorting in memory builds a b-tree several times faster than in temporary
 * files. Set for the connection's session: the commit's VACUUM ANALYZE has
 * it too.
 */
export const LOAD_MAINTENANCE_WORK_MEM = "SET maintenance_work_mem = '512MB'";

/**
 * The statements that give each column of an index the statistics target it
 * has (`i` names its pg_index row): an index's definition leaves them out,
 * and migration 0020 sets some to 0.
 */
export const INDEX_STATISTICS_SQL = `coalesce((
  SELECT string_agg(format('; ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s', ic.relname, a.attnum, a.attstattarget), '')
  FROM pg_attribute a JOIN pg_class ic ON ic.oid = a.attrelid
  WHERE a.attrelid = i.indexrelid AND a.attstattarget >= 0), '')`;
