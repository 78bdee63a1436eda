import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { compileOnly } from '../testing/compile-only';
import { StatementTemplates } from './statement-templates';

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

const RUNS: PageValues[] = [
  { category: 'Writing', limit: 49 },
  { category: 'Coding', limit: 7 },
  { category: 'Coding', after: 'abc', limit: 7 },
  { category: 'Marketing', after: 'xyz', limit: 13 },
  { category: 'Writing', limit: 2 },
];

describe('StatementTemplates', () => {
  it('gives the text and parameters of the query built with the values, building each shape once (with its two marker sets)', () => {
    const templates = new StatementTemplates('test pages', 10);
    let builds = 0;
    for (const values of RUNS) {
      const { sql: text, parameters } = templates.compiled('page', values, (marked) => {
        builds += 1;
        return pageQuery(marked);
      });
      const direct = pageQuery(values);
      expect({ text, parameters }).toEqual({ text: direct.sql, parameters: direct.parameters });
    }
    // Two shapes (with and without `after`), each built with two sets of markers.
    expect(builds).toBe(4);
  });

  it('builds each statement past its most shapes, the same statements still, and warns once', () => {
    const templates = new StatementTemplates('test pages', 1);
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    let builds = 0;
    try {
      for (const values of [...RUNS, { category: 'Writing', after: 'def', limit: 5 }]) {
        const compiled = templates.compiled('page', values, (marked) => {
          builds += 1;
          return pageQuery(marked);
        });
        expect(compiled.parameters).toEqual(pageQuery(values).parameters);
      }
      expect(warning).toHaveBeenCalledTimes(1);
    } finally {
      warning.mockRestore();
    }
    // The shape without `after` kept (two builds, one a marker set); the three runs with `after` built one each.
    expect(builds).toBe(2 + 3);
  });

  it('refuses a value changed on its way to a parameter, written into the text, not passed on, or whose content changes the text', () => {
    const templates = new StatementTemplates('test refusals', 10);
    type Values = Record<string, string | number>;
    const refused = (shape: string, values: Values, build: (marked: Values) => ReturnType<typeof pageQuery>) => () =>
      templates.compiled(shape, values, build);
    const byTitle = (title: string) => db.selectFrom('prompts').select('id').where('title', 'like', title).compile();
    expect(refused('pattern', { needle: 'cat' }, ({ needle }) => byTitle(`%${needle}%`))).toThrow(/changed on its way/);
    expect(refused('suffix', { needle: 'cat' }, ({ needle }) => byTitle(`${needle}%`))).toThrow(/changed on its way/);
    expect(refused('lower-cased', { needle: 'Cat' }, ({ needle }) => byTitle(String(needle).toLowerCase()))).toThrow(/changed on its way/);
    expect(refused('trimmed', { needle: 'cat ' }, ({ needle }) => byTitle(String(needle).trim()))).toThrow(/changed on its way/);
    expect(
      refused('sum', { limit: 3 }, ({ limit }) =>
        db
          .selectFrom('prompts')
          .select('id')
          .limit(Number(limit) * 2)
          .compile(),
      ),
    ).toThrow(/changed on its way/);
    expect(refused('literal', { limit: 3 }, ({ limit }) => sql`SELECT id FROM prompts LIMIT ${sql.lit(limit)}`.compile(db))).toThrow(
      /written into the statement/,
    );
    expect(
      refused('unused', { category: 'Writing', limit: 3 }, ({ limit }) =>
        db
          .selectFrom('prompts')
          .select('id')
          .limit(limit as number)
          .compile(),
      ),
    ).toThrow(/no parameter of the statement: category/);
    expect(
      refused('by length', { needle: 'cat' }, ({ needle }) =>
        String(needle).length > 18
          ? byTitle(String(needle))
          : db.selectFrom('prompts').select('title').where('title', '=', String(needle)).compile(),
      ),
    ).toThrow(/depends on what its values hold/);
  });

  it('puts the same value in every parameter it was passed to', () => {
    const templates = new StatementTemplates('test twice', 10);
    const twice = (needle: string) =>
      templates.compiled('twice', { needle }, (marked) =>
        sql`SELECT id FROM prompts WHERE title = ${marked.needle} OR prompt = ${marked.needle}`.compile(db),
      );
    expect(twice('cat').parameters).toEqual(['cat', 'cat']);
    expect(twice('dog').parameters).toEqual(['dog', 'dog']);
  });
});
