import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleCollection, startIdleGarbageCollection } from './idle-collection';

const IDLE_MS = 1000;

describe('idle collection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once after start-up, once after each spell of work, and never while work goes on', () => {
    const collect = vi.fn();
    const idle = startIdleCollection({ idleMs: IDLE_MS, collect });

    vi.advanceTimersByTime(IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(1);

    // Work in every interval: no collection however long it lasts.
    for (let tick = 0; tick < 20; tick += 1) {
      idle.touch();
      vi.advanceTimersByTime(IDLE_MS / 2);
    }
    expect(collect).toHaveBeenCalledTimes(1);

    // Quiet: collected within two intervals of the last work, and only once.
    vi.advanceTimersByTime(2 * IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(2);

    idle.touch();
    idle.stop();
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('starts only when V8 exposes its collector (node --expose-gc)', () => {
    const exposed = globalThis.gc;
    try {
      globalThis.gc = undefined;
      expect(startIdleGarbageCollection(IDLE_MS)).toBeUndefined();
      const collector = vi.fn();
      globalThis.gc = collector as unknown as typeof globalThis.gc;
      const idle = startIdleGarbageCollection(IDLE_MS);
      expect(idle).toBeDefined();
      vi.advanceTimersByTime(IDLE_MS);
      // The flavour that hands freed pages back to the system, not a plain full collection.
      expect(collector).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      expect(collector).toHaveBeenCalledTimes(1);
      idle?.stop();
    } finally {
      globalThis.gc = exposed;
    }
  });
});
