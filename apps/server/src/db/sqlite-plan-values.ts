import { type RawBuilder, sql } from 'kysely';

/*
 * Values in the statements SQLite's read threads keep prepared.
 *
 * SQLite plans some statements with the values bound to them: a LIKE
 * pattern (whether a prefix of it could use an index), a LIMIT (how few
 * rows the plan may stop after, which decides between walking an order's
 * index and sorting), a value compared with the leading column of an index
 * its statistics sample (sqlite_stat4: the status leads every order index).
 * A statement planned with a bound value is prepared again, parsed and
 * planned, at its next run after that value is bound, whatever the value.
 * The read threads keep statements prepared by their text
 * (sqlite-read-worker.ts) precisely to skip that work, and bind every value
 * on every run: under the distinct-search load at 100,000 prompts, preparing
 * again took 22% of their processor time (docs/performance.md, session 47).
 *
 * So, in those statements:
 * - a value the plan has no use for (a LIKE pattern that starts with %, a
 *   count the plan does not depend on) is bound behind a unary +
 *   (hiddenFromPlanner), which the planner does not look through and which
 *   returns its operand unchanged;
 * - a value the plan depends on, of which there are few (a page's size, a
 *   status), is written into the text (writtenIntoStatement): each one gets
 *   its own statement, planned once, as the bound one was on every run.
 *
 * SQLite's unary + returns any value as it is, text too; PostgreSQL has no
 * unary + for text, so hiddenFromPlanner is for SQLite's statements only.
 */

/** `value` bound behind a unary +, which SQLite's planner does not read (SQLite only). */
export function hiddenFromPlanner<T extends string | number>(value: T): RawBuilder<T> {
  return sql<T>`+${value}`;
}

/** What writtenIntoStatement writes: a count, or a word of the code's own (a status), never a visitor's text. */
const WRITABLE_TEXT = /^[a-z_]+$/;

/**
 * `value` written into the statement's text instead of bound: a safe
 * integer of 0 or more (a negative one after a minus would start a
 * comment) or a lower-case word the code names.
 */
export function writtenIntoStatement<T extends string | number>(value: T): RawBuilder<T> {
  const writable = typeof value === 'number' ? Number.isSafeInteger(value) && value >= 0 : WRITABLE_TEXT.test(value);
  if (!writable) throw new Error(`Only a count or a lower-case word is written into a statement, not ${JSON.stringify(value)}`);
  return sql.lit(value);
}
