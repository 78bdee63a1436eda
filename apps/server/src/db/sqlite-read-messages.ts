/**
 * What the SQLite read pool (sqlite-read-pool.ts) sends its threads
 * (sqlite-read-worker.ts) besides queries: stop once the reads already sent
 * are answered. Plain TypeScript that Node's type stripping runs as it is,
 * as the worker must be.
 */
export const STOP_MESSAGE = 'stop';
