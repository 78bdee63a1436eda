import type SqliteDatabase from 'better-sqlite3';

/**
 * Rows a multi-row INSERT writes at once. Each call into better-sqlite3
 * costs more than SQLite's own work for a row this small, and binding named
 * parameters from an object costs more again: 1,000,000 likes took 6.3-7.1 s
 * one named row a call, 3.8-5.6 s one positional row a call and 1.6-2.4 s
 * with 50-200 positional rows a call (docs/performance.md, session 56).
 * 100 rows of the widest table (prompts, 10 columns) bind 1,000 parameters,
 * far below SQLite's limit (32,766 in better-sqlite3's build).
 */
export const ROWS_PER_INSERT = 100;

/**
 * Writes rows into `table` as multi-row INSERTs of ROWS_PER_INSERT rows
 * with positional parameters, the last few with a one-row INSERT; each row
 * gives its value for every column, by name, in `columns`' order.
 */
export function bulkInserter<Row>(
  db: SqliteDatabase.Database,
  table: string,
  columns: readonly (keyof Row & string)[],
): (rows: readonly Row[]) => void {
  const rowPlaceholders = `(${columns.map(() => '?').join(', ')})`;
  const insertInto = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const many = db.prepare(insertInto + Array.from({ length: ROWS_PER_INSERT }, () => rowPlaceholders).join(', '));
  const one = db.prepare(insertInto + rowPlaceholders);
  const values = new Array<unknown>(ROWS_PER_INSERT * columns.length);
  return (rows) => {
    let next = 0;
    for (; next + ROWS_PER_INSERT <= rows.length; next += ROWS_PER_INSERT) {
      let slot = 0;
      for (let index = next; index < next + ROWS_PER_INSERT; index += 1) {
        const row = rows[index] as Row;
        for (const column of columns) values[slot++] = row[column];
      }
      many.run(values);
    }
    for (; next < rows.length; next += 1) {
      const row = rows[next] as Row;
      one.run(columns.map((column) => row[column]));
    }
  };
}
