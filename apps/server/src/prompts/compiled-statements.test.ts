import { SORT_OPTIONS } from '@prompt-vault/shared/schemas';
import { describe, expect, it } from 'vitest';
import { preparedByShape } from '../db/connect';
import { compileOnlyPostgres } from '../testing/compile-only';
import { type PageRequest, matchPageStatement, sortedPageQuery } from './read-repository';
import { phraseMatchesQuery, phraseMatchesStatement, phraseRuns } from './word-search';

const db = compileOnlyPostgres();

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

describe('a phrase statement compiled once for where its runs lie', () => {
  it('is the statement built for its needle, whatever its words, their places and the limits', () => {
    // Needles of the same places (whole words, a word's end, a start, a prefix) in turn, so most come from a template.
    const needles = [
      'meal plan',
      'steps for',
      'x steps for y',
      'about a',
      'team onboarding',
      'a local b',
      'one two three four',
      'w one two three',
      '1 2 3 4 5 6',
    ];
    let checked = 0;
    for (const [limit, countTo] of [
      [2500, 3750],
      [100, 100],
      [7, 9],
    ] as const) {
      for (const needle of needles) {
        const runs = phraseRuns('postgres', needle);
        const statement = phraseMatchesStatement(db, needle, limit, countTo);
        if (runs.length === 0) {
          expect(statement, needle).toBeUndefined();
          continue;
        }
        const direct = phraseMatchesQuery(runs, needle, limit, countTo).compile(db);
        expect({ sql: statement?.sql, parameters: statement?.parameters }, needle).toEqual({
          sql: direct.sql,
          parameters: direct.parameters,
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
