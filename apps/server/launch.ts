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
 * --max-old-space-size=1024 (MB): V8 sizes the old generation to the
 * machine (a limit of about 4 GB on 24 GiB) and, far from that limit, lets
 * it grow to up to four times what was live at the last full collection
 * before collecting again. Under the distinct-search load the live heap
 * stays near 50 MB but the old generation reached 150 MB of garbage, the
 * promoted rows of requests in flight, and the process 293-297 MB; with a
 * 1 GB limit V8 grows it by a smaller factor: 191-199 MB, with the same
 * searches and list pages a second (docs/performance.md, session 24).
 * The live heap at 1,000,000 prompts is as small (caches are bounded by
 * entries, the unpaged list is spooled to disk), so the limit is some
 * fifteen times what the server holds.
 *
 * --expose-gc: the server collects its garbage once a burst of requests has
 * stopped (src/runtime/idle-collection.ts), which V8's own memory reducer
 * fails to do.
 */
export const SERVER_BUNDLE = 'apps/server/dist/main.js';
export const SERVER_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=1024', '--expose-gc'];
