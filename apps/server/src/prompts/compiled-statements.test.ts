import { SORT_OPTIONS } from '@prompt-vault/shared/schemas';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedByShape } from '../db/connect';
import { compileOnly } from '../testing/compile-only';
import { type PageRequest, matchPageStatement, sortedPageQuery } from './read-repository';
import { titleMatchQuery, wholeWordTitleMatchQuery } from './relevance';
import { firstCountedRowids } from './search';
import { windowMatchesQuery } from './trigram-plan';
import { phraseMatchesQuery, phraseMatchesStatement, phraseRuns } from './word-search';

const db = compileOnly('postgres');

describe('the match page compiled once for its shape', () => {
  it('is the statement built for its values, on both dialects, in every order, walked or looked up, with and without a cursor, a visitor and a limit', () => {
    let checked = 0;
    for (const dialect of ['postgres', 'sqlite'] as const) {
      const compiler = compileOnly(dialect);
      for (const sort of SORT_OPTIONS.filter((option) => option !== 'relevance')) {
        for (const walkOrder of [false, true]) {
          for (const withCursor of [false, true]) {
            for (const visitor of [undefined, 'user_one', 'user_two']) {
              for (const limit of [undefined, 49, 3]) {
                for (const matches of dialect === 'postgres'
                  ? [['a1'], ['b1', 'b2', 'b3'], ['c1', 'c2']]
                  : [[11], [21, 22, 23], [31, 32]]) {
                  const value = sort === 'newest' ? `2026-11-0${matches.length}T00:00:00.000Z` : matches.length * 7;
                  const after = withCursor ? { value, id: `id${matches.length}` } : undefined;
                  const list = { matches, walkOrder };
                  const page: PageRequest = { sort, limit, after, searchStrategy: list };
                  const filter = { q: `needle ${checked}` };
                  const statement = matchPageStatement(compiler, dialect, filter, page, list, visitor);
                  const query = sortedPageQuery(compiler, dialect, filter, page, visitor);
                  const direct = dialect === 'postgres' && !walkOrder ? preparedByShape('match-page', query) : query.compile();
                  expect({ sql: statement.sql, parameters: statement.parameters }).toEqual({
                    sql: direct.sql,
                    parameters: direct.parameters,
                  });
                  checked += 1;
                }
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(2 * 4 * 2 * 2 * 3 * 3 * 3);
  });
});

describe('a phrase statement compiled once for where its runs lie', () => {
  it('is the statement built for its needle, whatever its words, their places and the limits', () => {
    // Needles of each kind of run (a word's end, a start, whole words, a prefix), several of the same places in turn,
    // so most come from a template; one of five runs, which is built each time; one word alone, which has no runs.
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
      'meal-',
      '-meal',
      '-meal-',
      'meal',
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
    expect(checked).toBe(3 * (needles.length - 1));
  });
});

/**
 * A value bound where SQLite plans with it (db/sqlite-plan-values.ts): a LIKE
 * pattern, a LIMIT, the status compared with =. Each makes a read thread
 * prepare its statement again on every run.
 */
const BOUND_WHERE_PLANNED = [/\bLIKE \?/i, /\bLIMIT \?/i, /"status" = \?/i];

describe("SQLite's read threads' statements", () => {
  const sqlite = compileOnly('sqlite');

  it("bind no value where SQLite plans with it: a search's match lists, its pages, its best-match title lists", () => {
    const statements = [
      windowMatchesQuery('practical retirement', { windows: ['pra', 'tire'], candidateLimit: 3881 }, 2500, 3750).compile(sqlite),
      firstCountedRowids(sql`SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH ${'"quest"'}`, 2500, 3750).compile(sqlite),
      titleMatchQuery('sqlite', 'story', 300).compile(sqlite),
      titleMatchQuery('sqlite', 'ab', 300).compile(sqlite),
      wholeWordTitleMatchQuery('sqlite', 'story', 300).compile(sqlite),
      wholeWordTitleMatchQuery('sqlite', 'meal plan', 300).compile(sqlite),
      wholeWordTitleMatchQuery('sqlite', '--', 300).compile(sqlite),
    ];
    for (const sort of SORT_OPTIONS.filter((option) => option !== 'relevance')) {
      for (const searchStrategy of ['scan', 'index'] as const) {
        for (const filter of [{ q: 'meal plan' }, { q: 'ab', category: 'Coding' }]) {
          statements.push(sortedPageQuery(sqlite, 'sqlite', filter, { sort, limit: 49, searchStrategy }, 'user_one').compile());
        }
      }
      for (const walkOrder of [false, true]) {
        const list = { matches: [11, 12], walkOrder };
        for (const after of [undefined, { value: 3, id: 'id3' }]) {
          const page: PageRequest = { sort, limit: 49, after, searchStrategy: list };
          statements.push(matchPageStatement(sqlite, 'sqlite', { q: 'needle' }, page, list, undefined));
        }
      }
    }
    expect(statements).toHaveLength(7 + 4 * (2 * 2 + 2 * 2));
    for (const { sql: text } of statements) {
      for (const bound of BOUND_WHERE_PLANNED) expect(text).not.toMatch(bound);
    }
  });
});
