import { readFileSync, readdirSync } from 'node:fs';

/**
 * Processor time a request, by process, while a load runs: the server's,
 * the database's (PostgreSQL's processes, when they run on this machine)
 * and the load's own client. Requests a second and their p99 move by 20-40%
 * with the machine the bench lands on (docs/performance.md: the same build
 * ran 410 to 762 distinct searches a second within an hour in session 41);
 * the time each process spends on a request moves far less, so two runs on
 * different machines can still tell which part of a search grew.
 */
export interface ProcessorTime {
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

/**
 * A /proc/<pid>/stat line's name and its user plus system time in ms. The
 * name sits between the first '(' and the last ')', and may itself hold
 * spaces and parentheses, so the fields after it are counted from that
 * last ')': utime and stime are the 14th and 15th fields of the line.
 */
export function parseStat(stat: string): { name: string; cpuMs: number } {
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`Unexpected /proc stat line: ${stat.slice(0, 200)}`);
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

function readStat(pid: number | string): { name: string; cpuMs: number } | undefined {
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
 * The processor time so far of every process of this machine named `name`,
 * in ms, and how many there are. A process that ends takes its time with it,
 * so this measures processes that outlive the span timed: PostgreSQL's
 * backends for the server's pooled connections, which stay open.
 */
export function namedProcessesCpuMs(name: string): { cpuMs: number; processes: number } {
  let cpuMs = 0;
  let processes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.name !== name) continue;
    cpuMs += stat.cpuMs;
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
 * `databaseUrl` names one, and this process; `perRequest` divides what each
 * spent since by the requests served meanwhile.
 */
export function startProcessorClock(serverPid: number, databaseUrl: string): { perRequest(requests: number): ProcessorTime } {
  const postgres = isLocalPostgres(databaseUrl);
  const server = processCpuMs(serverPid);
  const database = postgres ? namedProcessesCpuMs(POSTGRES_PROCESS).cpuMs : undefined;
  const client = ownCpuMs();
  return {
    perRequest(requests) {
      if (requests <= 0) throw new Error('No request to divide the processor time by');
      const databaseMs = database === undefined ? undefined : (namedProcessesCpuMs(POSTGRES_PROCESS).cpuMs - database) / requests;
      return {
        serverMs: (processCpuMs(serverPid) - server) / requests,
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
