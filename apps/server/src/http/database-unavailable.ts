/**
 * True for errors that mean "the database cannot answer right now" rather than
 * "this request is wrong": SQLite busy past its timeout, or PostgreSQL down,
 * restarting or unreachable. They become a 503 with Retry-After, never a 500.
 */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention).
const POSTGRES_STATE = /^(08|57P)/;
const POSTGRES_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (starting|shutting) /i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (SQLITE_CODES.has(code) || NETWORK_CODES.has(code) || POSTGRES_STATE.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return POSTGRES_MESSAGES.some((pattern) => pattern.test(message));
}
