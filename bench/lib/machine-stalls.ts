import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

/** A gap in the watcher's 1 ms timer longer than this counts as a stall of the machine. */
export const STALL_MS = 5;

/**
 * What the machine did meanwhile to a process that does nothing else: the
 * gaps between ticks of its 1 ms timer. Such a process waits only for a
 * core: the virtual machine's own pauses, and whatever else runs on the
 * machine (the bench's own client and the server included, light while one
 * client reads). On the virtual machines the bench runs on it sees gaps of
 * 10 to 14 ms about once a second with nothing else running (session 24,
 * docs/performance.md): a read that takes 3 ms can take 15 when one falls
 * on it. The rows judged by their slowest request show this beside their
 * figures, so a miss the machine made can be told from one the server made.
 */
export interface MachineStalls {
  readonly seconds: number;
  /** Timer ticks seen: about one a millisecond when nothing stalls. */
  readonly ticks: number;
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
  let ticks = 0;
  let maxGap = 0;
  let stalls = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    ticks += 1;
    if (gap > maxGap) maxGap = gap;
    if (gap > ${STALL_MS}) stalls += 1;
  }, 1);
  process.on('message', () => {
    clearInterval(timer);
    process.send({ seconds: (performance.now() - started) / 1000, ticks, maxGapMs: maxGap, stalls }, () => process.exit(0));
  });
  // The bench gone (killed, or failed before stop()): the watch ends with it.
  process.on('disconnect', () => process.exit(0));
  process.send('watching');`;

/** How long stop() waits for the watcher's report. */
const REPORT_TIMEOUT_MS = 5000;

/** Starts watching for the machine's stalls in a process of its own; stop() ends the watch and reports. */
export async function watchMachineStalls(): Promise<StallWatch> {
  const child: ChildProcess = spawn(process.execPath, ['-e', WATCHER_SOURCE], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [ready] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(() => ['exited'])])) as unknown[];
  if (ready !== 'watching' || child.pid === undefined) throw new Error('The stall watcher did not start');
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error('The stall watcher ended without reporting');
      const timeout = new AbortController();
      try {
        const replied = once(child, 'message').then(([message]) => message as MachineStalls);
        const exited = once(child, 'exit').then(() => undefined);
        // A closed channel (the watcher gone meanwhile) shows as its exit.
        child.send('stop', () => undefined);
        const reply = await Promise.race([replied, exited, sleep(REPORT_TIMEOUT_MS, undefined, { signal: timeout.signal })]);
        if (!reply) throw new Error('The stall watcher ended without reporting');
        return reply;
      } finally {
        timeout.abort();
        child.kill();
      }
    },
  };
}

/** The watch as the rows print it, after what it is (STALLS_LABEL). */
export function stallsCell(stalls: MachineStalls): string {
  return `longest gap ${stalls.maxGapMs.toFixed(1)} ms, ${stalls.stalls} over ${STALL_MS} ms in ${stalls.seconds.toFixed(1)} s`;
}

/** What the cells of stallsCell measure. */
export const STALLS_LABEL = 'a 1 ms timer in a process doing nothing else, meanwhile';
