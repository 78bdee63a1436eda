import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

describe('createReadCache', () => {
  it('computes once per key until invalidated', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: () => 0 });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    cache.invalidate();
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls;
    };
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
  });

  it('recomputes after the time to live', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 100, now: () => clock });
    let calls = 0;
    const compute = async () => ++calls;
    await cache.get('a', compute);
    clock = 99;
    expect(await cache.get('a', compute)).toBe(1);
    clock = 100;
    expect(await cache.get('a', compute)).toBe(2);
  });

  it('does not keep a computation that was in flight during an invalidation', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.get('a', async () => 'after the write')).toBe('after the write');
  });

  it('does not keep a value its reader says not to, yet shares its computation while in flight', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let computed = 0;
    const read = () =>
      cache.get(
        'big',
        async () => {
          computed += 1;
          return 'x'.repeat(10);
        },
        { keep: (value) => value.length < 5 },
      );
    await Promise.all([read(), read()]);
    expect(computed).toBe(1);
    await read();
    expect(computed).toBe(2);
    await cache.get('small', async () => 'x', { keep: (value) => value.length < 5 });
    expect(await cache.get('small', async () => 'recomputed')).toBe('x');
  });

  it('forgets failures and evicts the oldest entry beyond the limit', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'recomputed')).toBe('recomputed');
  });

  it('evicts the least recently used entry, so a hot entry outlives a stream of one-off keys', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('hot', async () => 'first');
    await cache.get('once-1', async () => 'once');
    // Read again: now 'once-1' is the least recently used, and the next new key evicts it.
    expect(await cache.get('hot', async () => 'recomputed')).toBe('first');
    await cache.get('once-2', async () => 'once');
    expect(await cache.get('hot', async () => 'recomputed')).toBe('first');
    expect(await cache.get('once-1', async () => 'recomputed')).toBe('recomputed');
  });

  it('evicts nothing for a value it does not keep or a read that fails', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('large', async () => 'x'.repeat(100), { keep: (value) => value.length < 5 });
    await expect(cache.get('down', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'recomputed')).toBe('a');
    expect(await cache.get('b', async () => 'recomputed')).toBe('b');
  });

  it('keeps an entry read with staleForMs through frequent writes until that long after its computation began', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 5000, now: () => clock });
    let calls = 0;
    const compute = async () => ++calls;
    const read = () => cache.get('analytics', compute, { staleForMs: 1000 });
    expect(await read()).toBe(1);
    clock = 400;
    cache.invalidateAllowingStale();
    expect(await read()).toBe(1);
    clock = 999;
    cache.invalidateAllowingStale();
    expect(await read()).toBe(1);
    // A second since the computation began: the next read sees every write so far.
    clock = 1000;
    expect(await read()).toBe(2);
    // Without writes it lives its full time to live.
    clock = 5999;
    expect(await read()).toBe(2);
    // An invalidation after the period ends it at once, and other entries are dropped as before.
    expect(await cache.get('page', compute)).toBe(3);
    cache.invalidateAllowingStale();
    expect(await read()).toBe(4);
    expect(await cache.get('page', compute)).toBe(5);
    // A rare write (a new prompt, a moderation) ends it at once.
    clock = 6000;
    cache.invalidateAllowingStale();
    expect(await read()).toBe(4);
    cache.invalidate();
    expect(await read()).toBe(6);
  });
});
