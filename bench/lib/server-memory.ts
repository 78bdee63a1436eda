import { readFileSync } from 'node:fs';

/** A process's memory in MB (Linux /proc), as the bench's RSS rows read it. */
export interface ServerMemory {
  /** Resident memory now, less the pages of files it mapped once started (watchServerMemory). */
  readonly rssMb: number;
  /** The most `rssMb` has been: the kernel's own peak, or, for a process that maps its database, the most sampled. */
  readonly peakMb: number;
  /** The resident pages of the files the process mapped once started: counted in the kernel's RSS, not in `rssMb`. */
  readonly mappedFileMb: number;
}

/**
 * How often the memory of a process that maps its database file is read,
 * for its peak. A read of /proc/PID/status costs about 20 microseconds.
 */
export const MEMORY_SAMPLE_MS = 100;

/** A field of /proc/PID/status in kB (VmRSS, VmHWM, RssFile, RssShmem). */
export function statusKb(status: string, field: string): number {
  const value = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  if (value === undefined) throw new Error(`/proc status has no ${field}`);
  return Number(value);
}

const readStatus = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');

/**
 * Reads a process's memory. Without `mapsDatabase` it is the kernel's
 * VmRSS and VmHWM. With it (the SQLite read threads map the file: decision
 * 0029), the pages of files mapped since this call are taken off: the
 * kernel counts them in RSS (RssFile, or RssShmem for a file on tmpfs), but
 * they are the OS's cache of the file, which the threads' `read` calls used
 * before without their counting in the process. The process must not have
 * mapped the file yet: the threads start with the first long read (a
 * search, related prompts, the near-duplicate check), never at start. The
 * binary's and libraries' pages mapped at start stay counted as before; the
 * few touched later (2 MB over a run of searches and of every page of the
 * web app) are taken off with the file's.
 *
 * The mapped pages come and go (SQLite unmaps the file when another
 * connection has written), so VmHWM cannot be split: the peak is the most
 * of samples taken every MEMORY_SAMPLE_MS until `stop`, and a rise shorter
 * than that may be missed. Exact figures per mapping, from /proc/PID/smaps, took
 * 15 ms a read with 640 MB mapped: too dear to sample beside a load on two
 * cores.
 */
export function watchServerMemory(pid: number, mapsDatabase: boolean): { read(): ServerMemory; stop(): void } {
  if (!mapsDatabase) {
    return {
      read: () => {
        const status = readStatus(pid);
        return { rssMb: statusKb(status, 'VmRSS') / 1024, peakMb: statusKb(status, 'VmHWM') / 1024, mappedFileMb: 0 };
      },
      stop: () => undefined,
    };
  }
  const fileKb = (status: string) => statusKb(status, 'RssFile') + statusKb(status, 'RssShmem');
  const fileKbAtStart = fileKb(readStatus(pid));
  let peakMb = 0;
  const sample = (): ServerMemory => {
    const status = readStatus(pid);
    const mappedKb = Math.max(0, fileKb(status) - fileKbAtStart);
    const rssMb = (statusKb(status, 'VmRSS') - mappedKb) / 1024;
    peakMb = Math.max(peakMb, rssMb);
    return { rssMb, peakMb, mappedFileMb: mappedKb / 1024 };
  };
  const timer = setInterval(() => {
    try {
      sample();
    } catch {
      // The process has exited (its status is gone): the timer is stopped with it.
    }
  }, MEMORY_SAMPLE_MS);
  timer.unref();
  sample();
  return { read: sample, stop: () => clearInterval(timer) };
}
