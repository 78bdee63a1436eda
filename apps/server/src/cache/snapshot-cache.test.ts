import { describe, expect, it } from 'vitest';
import { createSnapshotCache } from './snapshot-cache';

/** A build the test finishes by hand, counting how many were started. */
function controlledBuilds() {
  const pending: { number: number; resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    compute: () => {
      started += 1;
      const number = started;
      return new Promise<number>((resolve, reject) => pending.push({ number, resolve: () => resolve(number), reject }));
    },
    /** Finishes the build started as number `number` (1 for the first), whatever its place. */
    finish: async (number: number) => {
      const index = pending.findIndex((build) => build.number === number);
      pending.splice(index, 1)[0]?.resolve(0);
      await new Promise((resolve) => setImmediate(resolve));
    },
    finishNext: async () => {
      pending.shift()?.resolve(0);
      // Let the cache's own continuations run.
      await new Promise((resolve) => setImmediate(resolve));
    },
    failNext: async () => {
      pending.shift()?.reject(new Error('build failed'));
      await new Promise((resolve) => setImmediate(resolve));
    },
    get started() {
      return started;
    },
  };
}

describe('the snapshot cache', () => {
  it('keeps an answer until a write, then builds afresh for the next read', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2 });
    const builds = controlledBuilds();
    const first = cache.get('list', builds.compute);
    await builds.finishNext();
    expect(await first).toBe(1);
    expect(await cache.get('list', builds.compute)).toBe(1);
    cache.invalidateAllowingStale();
    const second = cache.get('list', builds.compute);
    await builds.finishNext();
    expect(await second).toBe(2);
    expect(builds.started).toBe(2);
  });

  it('shares one build between the reads that arrive while it runs', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2 });
    const builds = controlledBuilds();
    const reads = Array.from({ length: 5 }, () => cache.get('list', builds.compute));
    await builds.finishNext();
    expect(await Promise.all(reads)).toEqual([1, 1, 1, 1, 1]);
    expect(builds.started).toBe(1);
  });

  it('never hands a read a build that began before the last write, and runs one build at a time however many writes come', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2 });
    const builds = controlledBuilds();
    const before = cache.get('list', builds.compute);
    cache.invalidate();
    // Three reads and two more writes while the outdated build runs: they all wait for one next build.
    const after = [cache.get('list', builds.compute)];
    cache.invalidate();
    after.push(cache.get('list', builds.compute));
    cache.invalidate();
    after.push(cache.get('list', builds.compute));
    expect(builds.started).toBe(1);
    await builds.finishNext();
    expect(await before).toBe(1);
    expect(builds.started).toBe(2);
    await builds.finishNext();
    expect(await Promise.all(after)).toEqual([2, 2, 2]);
    expect(await cache.get('list', builds.compute)).toBe(2);
  });

  it('rebuilds an answer ttlMs after its build began, serving it meanwhile, and does not remember a failed build', async () => {
    let clock = 0;
    const cache = createSnapshotCache({ ttlMs: 1000, maxEntries: 2, now: () => clock });
    const builds = controlledBuilds();
    const failed = cache.get('list', builds.compute);
    await builds.failNext();
    await expect(failed).rejects.toThrow('build failed');
    const first = cache.get('list', builds.compute);
    await builds.finishNext();
    expect(await first).toBe(2);
    clock = 999;
    expect(await cache.get('list', builds.compute)).toBe(2);
    clock = 1000;
    // Expired with no write since: still served while one rebuild runs.
    expect(await cache.get('list', builds.compute)).toBe(2);
    expect(await cache.get('list', builds.compute)).toBe(2);
    expect(builds.started).toBe(3);
    await builds.finishNext();
    expect(await cache.get('list', builds.compute)).toBe(3);
    // Expired after a write: never served.
    clock = 2500;
    cache.invalidate();
    const afterWrite = cache.get('list', builds.compute);
    await builds.finishNext();
    expect(await afterWrite).toBe(4);
  });

  it('keeps at most maxEntries answers, dropping the least recently built', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2 });
    const builds = controlledBuilds();
    for (const key of ['a', 'b', 'c']) {
      const read = cache.get(key, builds.compute);
      await builds.finishNext();
      await read;
    }
    expect(await cache.get('c', builds.compute)).toBe(3);
    const again = cache.get('a', builds.compute);
    await builds.finishNext();
    expect(await again).toBe(4);
  });

  it('releases every answer it lets go of (replaced, outdated, evicted, forgotten, or built for an evicted key), a turn later, and never one it keeps', async () => {
    let clock = 0;
    const released: number[] = [];
    const cache = createSnapshotCache({ ttlMs: 1000, maxEntries: 2, now: () => clock, release: (value) => released.push(value as number) });
    const builds = controlledBuilds();
    // Two turns: the release is queued a turn after the value's promise settles.
    const settle = async () => {
      for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    const built = async (key: string) => {
      const read = cache.get(key, builds.compute);
      await builds.finishNext();
      return read;
    };
    expect(await built('a')).toBe(1);
    // Replaced by its rebuild once expired.
    clock = 1000;
    expect(await cache.get('a', builds.compute)).toBe(1);
    await builds.finishNext();
    expect(await cache.get('a', builds.compute)).toBe(2);
    expect(released).toEqual([]);
    await settle();
    expect(released).toEqual([1]);
    // Outdated by a write: let go when next read.
    cache.invalidate();
    expect(await built('a')).toBe(3);
    await settle();
    expect(released).toEqual([1, 2]);
    // Evicted by two other keys.
    expect(await built('b')).toBe(4);
    expect(await built('c')).toBe(5);
    await settle();
    expect(released).toEqual([1, 2, 3]);
    // Forgotten.
    cache.forget('b');
    await settle();
    expect(released).toEqual([1, 2, 3, 4]);
    // Built for a key evicted while it ran ('e' and 'f' start after it and evict 'c', then 'd').
    const reads = ['d', 'e', 'f'].map((key) => cache.get(key, builds.compute));
    for (const _ of reads) await builds.finishNext();
    expect(await Promise.all(reads)).toEqual([6, 7, 8]);
    await settle();
    expect(released.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    // The two it keeps are still served, unreleased.
    expect(await cache.get('e', builds.compute)).toBe(7);
    expect(await cache.get('f', builds.compute)).toBe(8);
    // All of them, as the app closes, and a build still running when it does once it ends.
    const running = cache.get('g', builds.compute);
    cache.forgetAll();
    await settle();
    expect(released.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await builds.finishNext();
    expect(await running).toBe(9);
    await settle();
    expect(released.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lets go of the newer answer for a key when a rebuild queued before the key was evicted takes the key back', async () => {
    const released: number[] = [];
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2, release: (value) => released.push(value as number) });
    const builds = controlledBuilds();
    void cache.get('a', builds.compute);
    cache.invalidate();
    // Waits for build 1, then rebuilds on the same slot.
    const queued = cache.get('a', builds.compute);
    void cache.get('b', builds.compute);
    void cache.get('c', builds.compute);
    // 'a' was evicted: a new slot for it, whose build (4) finishes first.
    const newer = cache.get('a', builds.compute);
    await builds.finish(4);
    expect(await newer).toBe(4);
    await builds.finish(1);
    for (const number of [2, 3, 5]) await builds.finish(number);
    expect(await queued).toBe(5);
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(released.sort((x, y) => x - y)).toEqual([1, 2, 4]);
    expect(await cache.get('a', builds.compute)).toBe(5);
    expect(await cache.get('c', builds.compute)).toBe(3);
  });
});
