import { Kysely, SqliteDialect, sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { compileOnly } from '../testing/compile-only';
import { hiddenFromPlanner, writtenIntoStatement } from './sqlite-plan-values';

const sqlite = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
afterAll(() => sqlite.destroy());

describe('hiddenFromPlanner', () => {
  it('binds the value behind a unary +, and SQLite reads it unchanged: text, a LIKE pattern and a LIMIT', async () => {
    const pattern = '%a\\_b%';
    const query = sql<{ text: string; like: number; other: number }>`
      SELECT ${hiddenFromPlanner(pattern)} AS text,
        'xa_by' LIKE ${hiddenFromPlanner(pattern)} ESCAPE '\\' AS "like",
        'xaby' LIKE ${hiddenFromPlanner(pattern)} ESCAPE '\\' AS other`;
    expect(query.compile(sqlite).sql.match(/\+\?/g)).toHaveLength(3);
    expect((await query.execute(sqlite)).rows).toEqual([{ text: pattern, like: 1, other: 0 }]);
    const limited = await sql<{ value: number }>`SELECT value FROM json_each('[1,2,3,4]') LIMIT ${hiddenFromPlanner(3)}`.execute(sqlite);
    expect(limited.rows.map(({ value }) => value)).toEqual([1, 2, 3]);
  });
});

describe('writtenIntoStatement', () => {
  it('writes a count or a lower-case word into the text, with no parameter', async () => {
    const query = sql<{
      size: number;
      status: string;
    }>`SELECT ${writtenIntoStatement(49)} AS size, ${writtenIntoStatement('visible')} AS status`;
    const compiled = query.compile(compileOnly('sqlite'));
    expect(compiled.sql).toBe(`SELECT 49 AS size, 'visible' AS status`);
    expect(compiled.parameters).toEqual([]);
    expect((await query.execute(sqlite)).rows).toEqual([{ size: 49, status: 'visible' }]);
  });

  it.each([1.5, Number.NaN, 2 ** 60, -5, "visible' OR 1=1 --", 'Visible', 'two words', ''])('refuses %j', (value) => {
    expect(() => writtenIntoStatement(value)).toThrow('Only a count or a lower-case word is written into a statement');
  });
});
