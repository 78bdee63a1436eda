/**
 * Preloaded into a server process by the garbage-collection guard
 * (reliability/garbage-collection.test.ts) with
 * `node --expose-gc --import tsx --import ./src/testing/force-gc.ts src/main.ts`:
 * runs a full collection every few milliseconds, so every object the server
 * drops (SQLite statements above all) is finalized while it keeps serving.
 */
const FORCED_GC_INTERVAL_MS = 5;

const collect = globalThis.gc;
if (collect === undefined) throw new Error('force-gc needs node --expose-gc');
setInterval(() => collect(), FORCED_GC_INTERVAL_MS).unref();
