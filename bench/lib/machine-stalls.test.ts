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
    expect(stalls.seconds).toBeGreaterThanOrEqual(0.13);
  });

  it('prints the longest gap, the stalls over the threshold and the time watched', () => {
    expect(stallsCell({ seconds: 2.04, maxGapMs: 13.76, stalls: 3 })).toBe(
      `an idle process's 1 ms timer meanwhile: longest gap 13.8 ms, 3 over ${STALL_MS} ms in 2.0 s`,
    );
  });
});
