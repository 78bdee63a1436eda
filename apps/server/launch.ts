/**
 * How the built server runs: `node <SERVER_NODE_FLAGS> <SERVER_BUNDLE>` from
 * the repository root, with SERVER_ENVIRONMENT added to its environment. The
 * server's package.json "start" script (through cross-env, since Windows'
 * cmd.exe rejects a VAR=value prefix) and CI's smoke test spell out
 * the same command (serverCommand); the Playwright suite and the bench
 * start it from here.
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

/**
 * MALLOC_ARENA_MAX=2: the C library's allocator (glibc's malloc, which
 * SQLite, zlib and Node's own C++ use; V8's heaps are apart) gives each
 * thread that allocates an arena of its own, up to eight per core, and an
 * arena keeps what its thread freed for that thread. The SQLite read
 * threads (db/sqlite-read-pool.ts) allocate the lists FTS5 reads, up to
 * megabytes at 1,000,000 prompts, and their arenas kept them: the bench
 * at 1,000,000 prompts peaked at 254 MB, over the budget of 250, and a
 * replay of its distinct searches and best-match reads by hand left 72 MB
 * of anonymous memory outside V8's heaps. Two arenas for every thread: the
 * same replay peaked at 226-227 against 242 MB, at the same rate within
 * the machine's spread but with 6-7% more processor time a search
 * (decision 0025). glibc reads it once, before any JavaScript runs, so the
 * process cannot set it for itself; musl (Alpine), macOS and Windows
 * ignore it.
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The shell command that runs `bundle` as the server runs: SERVER_ENVIRONMENT, node and SERVER_NODE_FLAGS. */
export function serverCommand(bundle: string = SERVER_BUNDLE): string {
  const assignments = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  return [...assignments, 'node', ...SERVER_NODE_FLAGS, bundle].join(' ');
}
