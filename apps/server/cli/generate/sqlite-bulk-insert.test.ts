import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROWS_PER_INSERT, bulkInserter } from './sqlite-bulk-insert';

interface Row {
  id: number;
  name: string;
  note: string | null;
}

describe('bulkInserter', () => {
  let db: SqliteDatabase.Database;
  beforeEach(() => {
    db = new SqliteDatabase(':memory:');
    db.exec('CREATE TABLE t (id INTEGER NOT NULL, name TEXT NOT NULL, note TEXT)');
  });
  afterEach(() => db.close());

  const rowsOf = (count: number, from = 0): Row[] =>
    Array.from({ length: count }, (_, index) => ({
      id: from + index,
      name: `name ${from + index}`,
      note: index % 3 === 0 ? null : `n${index}`,
    }));
  const stored = () => db.prepare('SELECT id, name, note FROM t ORDER BY rowid').all();

  it.each([0, 1, ROWS_PER_INSERT - 1, ROWS_PER_INSERT, ROWS_PER_INSERT + 1, 2 * ROWS_PER_INSERT + 37])(
    'writes all of %i rows, in order, each value in its column',
    (count) => {
      const rows = rowsOf(count);
      bulkInserter<Row>(db, 't', ['id', 'name', 'note'])(rows);
      expect(stored()).toEqual(rows);
    },
  );

  it('takes the columns in the order given, whatever the rows hold besides', () => {
    const rows = rowsOf(ROWS_PER_INSERT + 2).map((row) => ({ ...row, ignored: 'x' }));
    // Another column order than the table's: each value still lands in its own column.
    bulkInserter<Row & { ignored: string }>(db, 't', ['note', 'name', 'id'])(rows);
    expect(stored()).toEqual(rows.map(({ id, name, note }) => ({ id, name, note })));
  });

  it('can be called again: every call writes its own rows after the last', () => {
    const insert = bulkInserter<Row>(db, 't', ['id', 'name', 'note']);
    const first = rowsOf(ROWS_PER_INSERT + 5);
    const second = rowsOf(3, 1000);
    insert(first);
    insert(second);
    expect(stored()).toEqual([...first, ...second]);
  });
});
