import { readFileSync } from 'node:fs';

/** A process's memory in MB (Linux /proc), as the bench's RSS rows read it. */
export interface ServerMemory {
  /** Resident memory now, less the database file's mapped pages. */
  readonly rssMb: number;
  /** The most `rssMb` has been: since the process started, or, with a mapped file, over the samples taken. */
  readonly peakMb: number;
  /** The resident pages of the database file the process maps, counted in the kernel's RSS but not in `rssMb`. */
  readonly mappedFileMb: number;
}

/** How often the memory of a process that maps its database file is sampled, for its peak. */
const SAMPLE_MS = 250;

/**
 * The resident memory of every mapping in an smaps listing (/proc/PID/smaps),
 * and of those that map `file`, in kB. Each mapping's header line ends with
 * its path; its "Rss:" line follows.
 */
export function residentKb(smaps: string, file: string): { totalKb: number; fileKb: number } {
  let totalKb = 0;
  let fileKb = 0;
  let inFile = false;
  for (const line of smaps.split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      inFile = line.endsWith(` ${file}`);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line);
    if (!rss) continue;
    totalKb += Number(rss[1]);
    if (inFile) fileKb += Number(rss[1]);
  }
  return { totalKb, fileKb };
}

function statusMb(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}

/**
 * Reads a process's memory. Without `mappedFile` it is the kernel's VmRSS
 * and VmHWM. With it (the SQLite file, which the read threads map:
 * decision 0029), the file's resident pages are taken off: they are the
 * OS's cache of the file, which `read` calls used before without counting
 * in the process's RSS. VmHWM cannot be split so, so the peak is the most
 * of the samples, taken every SAMPLE_MS until `stop`.
 */
export function watchServerMemory(pid: number, mappedFile?: string): { read(): ServerMemory; stop(): void } {
  if (mappedFile === undefined) return { read: () => ({ ...statusMb(pid), mappedFileMb: 0 }), stop: () => undefined };
  let peakMb = 0;
  const sample = (): ServerMemory => {
    const { totalKb, fileKb } = residentKb(readFileSync(`/proc/${pid}/smaps`, 'utf8'), mappedFile);
    const rssMb = (totalKb - fileKb) / 1024;
    const mappedFileMb = fileKb / 1024;
    // The file's pages only grow while the process maps it, so the kernel's peak less the pages mapped now is at most
    // the true peak: it catches a spike shorter than a sample's interval.
    peakMb = Math.max(peakMb, rssMb, statusMb(pid).peakMb - mappedFileMb);
    return { rssMb, peakMb, mappedFileMb };
  };
  const timer = setInterval(() => {
    try {
      sample();
    } catch {
      // The process has exited: its last samples stand.
    }
  }, SAMPLE_MS);
  timer.unref();
  sample();
  return { read: sample, stop: () => clearInterval(timer) };
}
