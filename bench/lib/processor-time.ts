import { readFileSync, readdirSync } from 'node:fs';

/**
 * Processor time a request, by process, while a load runs: the server's,
 * the database's (PostgreSQL's processes, when they run on this machine)
 * and the load's own client. Requests a second and their p99 say how the
 * whole machine coped (the same build ran 410 to 762 distinct searches a
 * second within an hour in session 41, docs/performance.md); what each
 * process spent says which part of a request grew or shrank between two
 * runs, though a slow spell raises every process's time too.
 */
export interface ProcessorTime {
  /** The server's process, its threads included; it also answers the health checks timed beside the load. */
  readonly serverMs: number;
  /** PostgreSQL's processes together; absent for SQLite (its work is the server's) or a database on another machine. */
  readonly databaseMs?: number;
  /** The bench process: the load's client and the health checks timed beside it. */
  readonly clientMs: number;
}

/** Linux gives /proc/<pid>/stat's times in ticks of 1/100 s (USER_HZ) on every architecture the bench runs on. */
const TICKS_PER_SECOND = 100;

/** The name PostgreSQL's server processes run under (their `comm`). */
const POSTGRES_PROCESS = 'postgres';

/** What a /proc/<pid>/stat line says of a process. */
interface ProcessStat {
  readonly name: string;
  /** Its own user plus system time, in ms. */
  readonly cpuMs: number;
  /** The same of its children that have ended and that it has waited for. */
  readonly endedChildrenCpuMs: number;
}

/**
 * A /proc/<pid>/stat line's name and times. The name sits between the
 * first '(' and the last ')', and may itself hold spaces and parentheses,
 * so the fields after it are counted from that last ')': utime, stime,
 * cutime and cstime are the 14th to 17th fields of the line.
 */
export function parseStat(stat: string): ProcessStat {
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  const own = ms((utime ?? Number.NaN) + (stime ?? Number.NaN));
  const children = ms((cutime ?? Number.NaN) + (cstime ?? Number.NaN));
  if (!Number.isFinite(own) || !Number.isFinite(children)) throw new Error(`Unexpected /proc stat line: ${stat.slice(0, 200)}`);
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), cpuMs: own, endedChildrenCpuMs: children };
}

function readStat(pid: number | string): ProcessStat | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (error) {
    // The process ended between the listing and the read.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A process's processor time so far, in ms. */
export function processCpuMs(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`No process ${pid}`);
  return stat.cpuMs;
}

/**
 * The processor time so far of the processes of this machine named `name`
 * and of their ended children, in ms, and how many there are. A process
 * that ends leaves the listing, but once its parent has waited for it its
 * time is in the parent's ended children's: PostgreSQL's postmaster waits
 * for every backend and parallel worker, so the sum stays whole when one
 * ends within the span timed.
 */
export function namedProcessesCpuMs(name: string): { cpuMs: number; processes: number } {
  let cpuMs = 0;
  let processes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.name !== name) continue;
    cpuMs += stat.cpuMs + stat.endedChildrenCpuMs;
    processes += 1;
  }
  return { cpuMs, processes };
}

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Whether a database URL names a PostgreSQL server on this machine, whose processes /proc then lists. */
export function isLocalPostgres(databaseUrl: string): boolean {
  if (!databaseUrl.startsWith('postgres')) return false;
  const host = new URL(databaseUrl).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * Starts timing the server's process, the local PostgreSQL's when
 * `databaseUrl` names one and its processes are in this machine's listing
 * (not, for one, from inside a container of its own), and this process;
 * `perRequest` divides what each spent since by the requests served
 * meanwhile, or gives undefined when none was or the server has gone (it
 * runs in the load's timer, where a throw would end the bench without
 * the row that shows the failures). `databaseProcess` names the
 * database's processes (a test's stand-ins).
 */
export function startProcessorClock(
  serverPid: number,
  databaseUrl: string,
  databaseProcess = POSTGRES_PROCESS,
): { perRequest(requests: number): ProcessorTime | undefined } {
  const databaseAtStart = isLocalPostgres(databaseUrl) ? namedProcessesCpuMs(databaseProcess) : undefined;
  const database = databaseAtStart && databaseAtStart.processes > 0 ? databaseAtStart.cpuMs : undefined;
  const server = processCpuMs(serverPid);
  const client = ownCpuMs();
  return {
    perRequest(requests) {
      const serverNow = readStat(serverPid)?.cpuMs;
      if (requests <= 0 || serverNow === undefined) return undefined;
      const databaseMs = database === undefined ? undefined : (namedProcessesCpuMs(databaseProcess).cpuMs - database) / requests;
      return {
        serverMs: (serverNow - server) / requests,
        ...(databaseMs === undefined ? {} : { databaseMs }),
        clientMs: (ownCpuMs() - client) / requests,
      };
    },
  };
}

/** The row's words for a ProcessorTime: "; processor time a request: the server 0.96 ms, PostgreSQL 1.10 ms, the load's client 0.33 ms". */
export function processorTimeText(time: ProcessorTime | undefined): string {
  if (!time) return '';
  const parts = [`the server ${time.serverMs.toFixed(2)} ms`];
  if (time.databaseMs !== undefined) parts.push(`PostgreSQL ${time.databaseMs.toFixed(2)} ms`);
  parts.push(`the load's client ${time.clientMs.toFixed(2)} ms`);
  return `; processor time a request: ${parts.join(', ')}`;
}
