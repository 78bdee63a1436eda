/**
 * One full garbage collection once a thread has gone quiet after work.
 *
 * V8 collects its old generation when the heap passes a limit set at the
 * last full collection and sized to the machine, so under a request load
 * the heap grows to several times what is live. Its memory reducer, meant
 * to collect once the load stops, judges the allocation rate from samples
 * taken at collections; after a burst none comes, so it keeps judging the
 * rate high and never starts (`--trace-memory-reducer`: "high alloc" every
 * 8 s through 40 s of silence). The burst's garbage then stays resident: at
 * 100,000 prompts on SQLite, after the bench's loads, 346 MB RSS, and 182 MB
 * after one full collection (docs/performance.md).
 *
 * So a thread that has been idle for between one and two `idleMs` since its
 * last piece of work collects once, and not again until it has worked.
 * Collecting needs `--expose-gc` (the server's launch flags, launch.ts);
 * without it (tsx in development, the tests) `gc` is undefined and the
 * caller starts nothing. Written in erasable TypeScript only: the SQLite read
 * worker, which Node runs as it is, uses it too.
 */
export interface IdleCollection {
  /** Work happened: the next quiet spell ends in a collection. */
  touch(): void;
  stop(): void;
}

export function startIdleCollection(options: { readonly idleMs: number; readonly collect: () => void }): IdleCollection {
  let workedSinceCheck = false;
  // Starting up leaves garbage too (migrations, the first statements compiled).
  let collectedSinceWork = false;
  const timer = setInterval(() => {
    if (workedSinceCheck) {
      workedSinceCheck = false;
      collectedSinceWork = false;
      return;
    }
    if (collectedSinceWork) return;
    collectedSinceWork = true;
    options.collect();
  }, options.idleMs);
  // Never what keeps the process alive.
  timer.unref();
  return {
    touch() {
      workedSinceCheck = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** How long a thread of the server waits, with nothing to do, before it collects. */
export const IDLE_COLLECTION_MS = 10_000;

/**
 * Starts the idle collection when the process was started with
 * `--expose-gc`; undefined otherwise. The "last-resort" flavour is V8's
 * collection under memory pressure: it collects until nothing more is freed
 * and hands the freed pages back to the system. A plain full collection
 * left them committed (the same server: heap 147 to 53 MB, RSS 304 to 298
 * MB; then last-resort, RSS 184 MB). It takes 50 ms or so, on a thread with
 * nothing else to do.
 */
export function startIdleGarbageCollection(idleMs: number = IDLE_COLLECTION_MS): IdleCollection | undefined {
  const collectGarbage = globalThis.gc;
  if (typeof collectGarbage !== 'function') return undefined;
  return startIdleCollection({ idleMs, collect: () => collectGarbage({ type: 'major', execution: 'sync', flavor: 'last-resort' }) });
}
