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
 * --max-old-space-size=1024 (MB): after each full collection V8 lets the
 * old generation grow by a factor it chooses from this limit before it
 * collects again: up to 4 for a limit of 2 GB or more (by default the limit
 * follows the machine's memory: about 4 GB on 24 GiB), less below that,
 * about 1.6 at 1 GB. Under the distinct-search load the live heap stays
 * near 50 MB, but the rows of requests in flight are promoted and die
 * there, and the old generation grew to 150 MB before each collection: the
 * process peaked at 293-297 MB, and at 191-199 MB with this limit, with the
 * same searches and list pages a second (docs/performance.md, session 24).
 * A limit of 2 GB or more would undo it. The live heap at 1,000,000 prompts
 * is as small (at most 47 MB after a full collection under the bench's
 * loads: caches are bounded by entries, the unpaged list is spooled to
 * disk), some twenty times below the limit. V8 applies it to the SQLite
 * read threads' heaps too (about 11 MB each).
 *
 * --expose-gc: the server collects its garbage once a burst of requests has
 * stopped (src/runtime/idle-collection.ts), which V8's own memory reducer
 * fails to do.
 */
export const SERVER_BUNDLE = 'apps/server/dist/main.js';
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--max-old-space-size=1024',
  '--expose-gc',
];
