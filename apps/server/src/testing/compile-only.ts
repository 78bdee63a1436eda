import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';

/** A Kysely instance that compiles statements for `dialect` and never connects (Kysely's DummyDriver runs nothing). */
export function compileOnly(dialect: Dialect): Kysely<Database> {
  const postgres = dialect === 'postgres';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => (postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}
