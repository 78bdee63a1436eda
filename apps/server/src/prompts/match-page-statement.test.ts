import { SORT_OPTIONS } from '@prompt-vault/shared/schemas';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedByShape } from '../db/connect';
import type { Database } from '../db/schema';
import { type PageRequest, matchPageStatement, sortedPageQuery } from './read-repository';

// Compiling needs no connection: Kysely's DummyDriver never runs a statement.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the match page compiled once for its shape', () => {
  it('is the statement built for its values, for every order, with and without a cursor, a visitor and a limit', () => {
    let checked = 0;
    for (const sort of SORT_OPTIONS.filter((option) => option !== 'relevance')) {
      for (const withCursor of [false, true]) {
        for (const visitor of [undefined, 'user_one', 'user_two']) {
          for (const limit of [undefined, 49, 3]) {
            for (const matches of [['a1'], ['b1', 'b2', 'b3'], ['c1', 'c2']]) {
              const after = withCursor
                ? { value: sort === 'newest' ? `2026-11-0${matches.length}T00:00:00.000Z` : matches.length * 7, id: matches[0] ?? '' }
                : undefined;
              const page: PageRequest = { sort, limit, after, searchStrategy: { matches } };
              const filter = { q: `needle ${checked}` };
              const statement = matchPageStatement(db, filter, page, { matches }, visitor);
              const direct = preparedByShape('match-page', sortedPageQuery(db, 'postgres', filter, page, visitor));
              expect({ sql: statement.sql, parameters: statement.parameters }).toEqual({ sql: direct.sql, parameters: direct.parameters });
              checked += 1;
            }
          }
        }
      }
    }
    expect(checked).toBe(4 * 2 * 3 * 3 * 3);
  });
});
