/**
 * How the built server runs: `node <SERVER_NODE_FLAGS> <SERVER_BUNDLE>` from
 * the repository root. The server's package.json "start" script spells out
 * the same command; the Playwright suite and the bench start it from here.
 *
 * --max-semi-space-size=4 (MB): V8 grows its young generation up to 16 MB
 * per semi-space under a request load, and the process's resident memory
 * with it. At 4 MB the bench's peak RSS on SQLite fell from 230 to 183 MB
 * with the same throughput (short-lived request garbage is scavenged more
 * often, each scavenge cheaper). See docs/performance.md.
 *
 * --expose-gc: the server collects its garbage once a burst of requests has
 * stopped (src/runtime/idle-collection.ts), which V8's own memory reducer
 * fails to do.
 */
export const SERVER_BUNDLE = 'apps/server/dist/main.js';
export const SERVER_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=4', '--expose-gc'];
