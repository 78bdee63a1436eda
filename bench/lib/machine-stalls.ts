import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** A gap in the watcher's 1 ms timer longer than this counts as a stall of the machine. */
export const STALL_MS = 5;

/**
 * What the machine itself did to an idle process meanwhile: the gaps between
 * ticks of a 1 ms timer in a process that does nothing else. On the
 * virtual machines the bench runs on, such a process sees gaps of 10 to 14
 * ms about once a second (session 24, docs/performance.md): a read that
 * takes 3 ms can take 15 when one falls on it. The rows judged by their
 * slowest request show this beside their figures, so a miss the machine
 * made can be told from one the server made.
 */
export interface MachineStalls {
  readonly seconds: number;
  /** The longest gap between two ticks. */
  readonly maxGapMs: number;
  /** Gaps longer than STALL_MS. */
  readonly stalls: number;
}

export interface StallWatch {
  /** The watching process, so a test can stop it for a while (SIGSTOP) and see the stall. */
  readonly pid: number;
  stop(): Promise<MachineStalls>;
}

const WATCHER_SOURCE = `
  const started = performance.now();
  let last = started;
  let maxGap = 0;
  let stalls = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (gap > maxGap) maxGap = gap;
    if (gap > ${STALL_MS}) stalls += 1;
  }, 1);
  process.on('message', () => {
    clearInterval(timer);
    process.send({ seconds: (performance.now() - started) / 1000, maxGapMs: maxGap, stalls }, () => process.exit(0));
  });
  process.send('watching');`;

/** Starts watching for the machine's stalls in a process of its own; stop() ends the watch and reports. */
export async function watchMachineStalls(): Promise<StallWatch> {
  const child: ChildProcess = spawn(process.execPath, ['-e', WATCHER_SOURCE], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [ready] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(() => ['exited'])])) as unknown[];
  if (ready !== 'watching' || child.pid === undefined) throw new Error('The stall watcher did not start');
  return {
    pid: child.pid,
    async stop() {
      const report = once(child, 'message');
      child.send('stop');
      const [stalls] = (await report) as [MachineStalls];
      return stalls;
    },
  };
}

/** The watch as the rows print it. */
export function stallsCell(stalls: MachineStalls): string {
  return `an idle process's 1 ms timer meanwhile: longest gap ${stalls.maxGapMs.toFixed(1)} ms, ${stalls.stalls} over ${STALL_MS} ms in ${stalls.seconds.toFixed(1)} s`;
}
