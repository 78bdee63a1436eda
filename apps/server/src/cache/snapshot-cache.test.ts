import { describe, expect, it } from 'vitest';
import { createSnapshotCache } from './snapshot-cache';

/** A build the test finishes by hand, counting how many were started. */
function controlledBuilds() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    compute: () => {
      started += 1;
      const number = started;
      return new Promise<number>((resolve, reject) => pending.push({ resolve: () => resolve(number), reject }));
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
});
