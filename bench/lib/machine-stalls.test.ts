import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { STALL_MS, stallsCell, watchMachineStalls } from './machine-stalls';

describe('watchMachineStalls', () => {
  it('reports a stall of the watching process as a gap at least as long', async () => {
    const watch = await watchMachineStalls();
    await sleep(50);
    process.kill(watch.pid, 'SIGSTOP');
    await sleep(30);
    process.kill(watch.pid, 'SIGCONT');
    await sleep(50);
    const stalls = await watch.stop();
    expect(stalls.maxGapMs).toBeGreaterThanOrEqual(25);
    expect(stalls.stalls).toBeGreaterThanOrEqual(1);
    expect(stalls.seconds).toBeGreaterThanOrEqual(0.12);
    // About one tick a millisecond while it ran, and not every one a stall.
    expect(stalls.ticks).toBeGreaterThanOrEqual(20);
    expect(stalls.stalls).toBeLessThan(stalls.ticks);
  });

  it('fails to stop a watch whose process has gone, rather than waiting for its report', async () => {
    const watch = await watchMachineStalls();
    process.kill(watch.pid, 'SIGKILL');
    await expect(watch.stop()).rejects.toThrow('ended without reporting');
  });

  it('prints the longest gap, the stalls over the threshold and the time watched', () => {
    expect(stallsCell({ seconds: 2.04, ticks: 1900, maxGapMs: 13.76, stalls: 3 })).toBe(
      `longest gap 13.8 ms, 3 over ${STALL_MS} ms in 2.0 s`,
    );
  });
});
