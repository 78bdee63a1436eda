import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** SQLite's plan for a query the app builds, its details joined: what a test asserts an index is used by. */
export async function sqliteQueryPlan(db: Kysely<Database>, query: { compile(): CompiledQuery } | CompiledQuery): Promise<string> {
  const compiled = 'compile' in query ? query.compile() : query;
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.map((row) => row.detail).join(' | ');
}

/** PostgreSQL's plan for a query the app builds, one line per node, as EXPLAIN prints it. */
export async function postgresQueryPlan(db: Kysely<Database>, query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
