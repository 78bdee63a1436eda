import { releaseAfterTurn } from '../http/spool-file';
import type { ReadCache } from './read-cache';

/**
 * A cache for answers that take long to build (the unpaged list: about a
 * second at 100,000 prompts, a page of prompts at a time), where the read
 * cache's rules would let a stream of writes start a new build for every
 * request, each holding tens of megabytes. Here:
 * - it stays exact: a read that begins after a write gets an answer whose
 *   build began after that write (every write invalidates, whatever its kind);
 * - at most one build per key runs at a time: a read that arrives while an
 *   outdated build runs waits for it to end, then shares the next build with
 *   every other read that arrived meanwhile. Under a constant stream of
 *   writes, builds run back to back, one at a time;
 * - an answer is also rebuilt once `ttlMs` have passed since its build
 *   began, so writes made by another instance show within that time plus
 *   one build; meanwhile it is still served (no write of this instance came
 *   after it, and readers should not wait on a rebuild that most often finds
 *   nothing new).
 */
export interface SnapshotCache extends ReadCache {
  /** Lets go of every answer kept (release), for an app that closes: nothing is served after. */
  forgetAll(): void;
}

export function createSnapshotCache(options: {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
  /**
   * Called with each value the cache lets go of (replaced, outdated, evicted
   * or forgotten), for values that hold resources (the unpaged list's spool
   * file). It runs a turn later, so a read that was handed the value just
   * before can still take a hold of its own.
   */
  readonly release?: (value: unknown) => void;
}): SnapshotCache {
  const now = options.now ?? (() => Date.now());
  const { release } = options;
  const letGo = (build: Build | undefined) => {
    if (release && build) releaseAfterTurn(build.value, release);
  };
  /** Counts writes: an answer is current while no write came after its build began. */
  let writes = 0;

  interface Build {
    readonly value: Promise<unknown>;
    readonly writes: number;
    readonly started: number;
  }
  interface Slot {
    current?: Build;
    running?: Build;
    /** The build that starts when the running one ends, shared by every read that waits for it. */
    queued?: Promise<unknown>;
  }
  const slots = new Map<string, Slot>();
  const isCurrent = (build: Build) => build.writes === writes && now() - build.started < options.ttlMs;
  const isExpired = (build: Build) => build.writes === writes && now() - build.started >= options.ttlMs;

  const start = (key: string, slot: Slot, compute: () => Promise<unknown>): Promise<unknown> => {
    const build: Build = { value: compute(), writes, started: now() };
    slot.running = build;
    build.value.then(
      () => {
        if (slot.running === build) slot.running = undefined;
        if (slots.get(key) === slot) {
          letGo(slot.current);
          slot.current = build;
        } else {
          // Its key was evicted or forgotten while it was built.
          letGo(build);
        }
      },
      // A failed build is not remembered.
      () => {
        if (slot.running === build) slot.running = undefined;
      },
    );
    // A rebuild queued on a slot evicted since takes its key back from a newer slot, which is let go.
    const other = slots.get(key);
    if (other && other !== slot) letGo(other.current);
    slots.delete(key);
    slots.set(key, slot);
    if (slots.size > options.maxEntries) {
      const [oldest, oldestSlot] = slots.entries().next().value as [string, Slot];
      slots.delete(oldest);
      letGo(oldestSlot.current);
    }
    return build.value;
  };

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const slot = slots.get(key) ?? {};
      if (slot.current && isCurrent(slot.current)) return slot.current.value as Promise<T>;
      if (slot.current && isExpired(slot.current)) {
        // A failed refresh keeps the answer it would have replaced.
        if (!slot.running) start(key, slot, compute).catch(() => undefined);
        return slot.current.value as Promise<T>;
      }
      // An outdated answer is let go at once: it may be tens of megabytes.
      letGo(slot.current);
      slot.current = undefined;
      if (slot.running && isCurrent(slot.running)) return slot.running.value as Promise<T>;
      if (slot.running) {
        slot.queued ??= slot.running.value
          .catch(() => undefined)
          .then(() => {
            slot.queued = undefined;
            return start(key, slot, compute);
          });
        return slot.queued as Promise<T>;
      }
      return start(key, slot, compute) as Promise<T>;
    },
    invalidate() {
      writes += 1;
    },
    invalidateAllowingStale() {
      writes += 1;
    },
    forget(key) {
      letGo(slots.get(key)?.current);
      slots.delete(key);
    },
    forgetAll() {
      // A build still running finds its slot gone when it ends, and lets itself go.
      for (const slot of slots.values()) letGo(slot.current);
      slots.clear();
    },
  };
}
