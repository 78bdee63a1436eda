import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledByShape } from './compiled-by-shape';
import { compileOnly } from '../testing/compile-only';

const db = compileOnly('postgres');

interface PageValues extends Record<string, unknown> {
  readonly category: string;
  readonly after?: string;
  readonly limit: number;
}

function pageQuery({ category, after, limit }: PageValues) {
  let query = db.selectFrom('prompts').select(['id', 'title']).where('status', '=', 'visible').where('category', '=', category);
  if (after !== undefined) query = query.where('id', '<', after);
  return query.orderBy('id', 'desc').limit(limit).compile();
}

describe('compiledByShape', () => {
  it('gives the text and parameters of the query built with the values, building each shape once', () => {
    let builds = 0;
    const compiled = (values: PageValues) =>
      compiledByShape('test-page', values, (marked) => {
        builds += 1;
        return pageQuery(marked);
      });
    const runs: PageValues[] = [
      { category: 'Writing', limit: 49 },
      { category: 'Coding', limit: 7 },
      { category: 'Coding', after: 'abc', limit: 7 },
      { category: 'Marketing', after: 'xyz', limit: 13 },
      { category: 'Writing', limit: 2 },
    ];
    for (const values of runs) {
      const { sql: text, parameters } = compiled(values);
      const direct = pageQuery(values);
      expect({ text, parameters }).toEqual({ text: direct.sql, parameters: direct.parameters });
    }
    // Two shapes: with and without `after`.
    expect(builds).toBe(2);
  });

  it('refuses a value changed on its way to a parameter, written into the text, or not passed on', () => {
    expect(() =>
      compiledByShape('test-pattern', { needle: 'cat' }, ({ needle }) =>
        db.selectFrom('prompts').select('id').where('title', 'like', `%${needle}%`).compile(),
      ),
    ).toThrow(/changed on its way/);
    expect(() =>
      compiledByShape('test-suffix', { needle: 'cat' }, ({ needle }) =>
        db.selectFrom('prompts').select('id').where('title', 'like', `${needle}%`).compile(),
      ),
    ).toThrow(/changed on its way/);
    expect(() =>
      compiledByShape('test-literal', { limit: 3 }, ({ limit }) => sql`SELECT id FROM prompts LIMIT ${sql.lit(limit)}`.compile(db)),
    ).toThrow(/written into the statement/);
    expect(() =>
      compiledByShape('test-unused', { category: 'Writing', limit: 3 }, ({ limit }) =>
        db.selectFrom('prompts').select('id').limit(limit).compile(),
      ),
    ).toThrow(/no parameter of the statement: category/);
  });

  it('puts the same value in every parameter it was passed to', () => {
    const compiled = compiledByShape('test-twice', { needle: 'cat' }, ({ needle }) =>
      sql`SELECT id FROM prompts WHERE title = ${needle} OR prompt = ${needle}`.compile(db),
    );
    expect(compiled.parameters).toEqual(['cat', 'cat']);
    expect(compiledByShape('test-twice', { needle: 'dog' }, () => sql`SELECT 1`.compile(db)).parameters).toEqual(['dog', 'dog']);
  });
});
