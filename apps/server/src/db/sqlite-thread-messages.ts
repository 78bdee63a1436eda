/**
 * What the server sends its SQLite threads besides their work (the read
 * pool's queries, sqlite-read-worker.ts; the checkpoint thread,
 * sqlite-checkpoint-worker.ts): stop once what was sent before is done.
 * Plain TypeScript that Node's type stripping runs as it is, as the workers
 * must be.
 */
export const STOP_MESSAGE = 'stop';
