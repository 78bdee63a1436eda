import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { isLocalPostgres, namedProcessesCpuMs, parseStat, processCpuMs, processorTimeText, startProcessorClock } from './processor-time';

/** Processor time a spinning child is given to burn, in ms: far above the 10 ms a tick of /proc holds. */
const SPIN_MS = 400;

const children: ReturnType<typeof spawn>[] = [];

/**
 * A node process named `title` (its comm) that spins for `spinMs` of
 * processor time, then idles until killed, spinning SPIN_MS again at each
 * SIGUSR1; it prints a line after each spin.
 */
async function spinner(title: string, spinMs = SPIN_MS) {
  const source = `
    process.title = ${JSON.stringify(title)};
    // The process's own account of its user and system time: reading it is a system call, which the loop makes often.
    const used = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
    const spin = (ms) => {
      const until = used() + ms;
      while (used() < until) {}
      console.log('spun');
    };
    // Listening before the first spin: a SIGUSR1 with no listener would start the inspector instead.
    process.on('SIGUSR1', () => spin(${SPIN_MS}));
    spin(${spinMs});
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await once(child.stdout, 'data');
  return child;
}

/** Has a spinner spin SPIN_MS more, and waits until it has. */
async function spinAgain(child: Awaited<ReturnType<typeof spinner>>) {
  const spun = once(child.stdout!, 'data');
  child.kill('SIGUSR1');
  await spun;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('parseStat', () => {
  it('reads the name and the user plus system time of a /proc stat line, whatever the name holds', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const line = '4242 (a) (b c) S 1 4242 4242 0 -1 4194560 120 0 0 0 250 37 900 800 20 0 1 0 100 1000 50';
    expect(parseStat(line)).toEqual({ name: 'a) (b c', cpuMs: 2870, endedChildrenCpuMs: 17000 });
  });

  it('refuses a line it cannot read', () => {
    expect(() => parseStat('4242 (truncated) S 1')).toThrow(/Unexpected/);
  });
});

describe('processor time from /proc', () => {
  it("counts a process's own processor time, not its idling", async () => {
    const busy = await spinner('pv-busy');
    const idle = await spinner('pv-idle', 0);
    expect(processCpuMs(busy.pid ?? 0)).toBeGreaterThanOrEqual(SPIN_MS - 20);
    expect(processCpuMs(idle.pid ?? 0)).toBeLessThan(SPIN_MS / 2);
  });

  it('sums every process of a name, and only those', async () => {
    await Promise.all([spinner('pv-named'), spinner('pv-named'), spinner('pv-other')]);
    const named = namedProcessesCpuMs('pv-named');
    expect(named.processes).toBe(2);
    expect(named.cpuMs).toBeGreaterThanOrEqual(2 * SPIN_MS - 40);
  });

  it("keeps an ended child's time, once its parent has waited for it", async () => {
    // A parent named as its child, as PostgreSQL's postmaster and backends are; it reports the child's end.
    const source = `
      process.title = 'pv-family';
      const { spawn } = require('node:child_process');
      process.on('SIGUSR1', () => {
        const child = spawn(process.execPath, ['-e', ${JSON.stringify(`process.title = 'pv-family'; const used = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; }; const until = used() + ${SPIN_MS}; while (used() < until) {}`)}]);
        child.on('exit', () => console.log('reaped'));
      });
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(parent);
    await once(parent.stdout!, 'data');
    const before = namedProcessesCpuMs('pv-family');
    const reaped = once(parent.stdout!, 'data');
    parent.kill('SIGUSR1');
    await reaped;
    const after = namedProcessesCpuMs('pv-family');
    expect(before.processes).toBe(1);
    expect(after.processes).toBe(1);
    expect(after.cpuMs - before.cpuMs).toBeGreaterThanOrEqual(SPIN_MS - 20);
  });

  it('divides what the server spent after the clock started, and only that, by the requests served', async () => {
    // Its first spin comes before the clock starts; the second, after.
    const server = await spinner('pv-server');
    const clock = startProcessorClock(server.pid ?? 0, 'sqlite:unused.db');
    await spinAgain(server);
    const time = clock.perRequest(4);
    expect(time?.serverMs).toBeGreaterThanOrEqual((SPIN_MS - 20) / 4);
    expect(time?.serverMs).toBeLessThan((SPIN_MS + 100) / 4);
    expect(time?.databaseMs).toBeUndefined();
    expect(clock.perRequest(0)).toBeUndefined();
  });

  it('gives no figure once the server has gone, rather than throwing in the load', async () => {
    const server = await spinner('pv-gone', 0);
    const clock = startProcessorClock(server.pid ?? 0, 'sqlite:unused.db');
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
    expect(clock.perRequest(4)).toBeUndefined();
  });

  it("times the local database's processes alike, and none it cannot see", async () => {
    const database = await spinner('pv-database');
    const clock = startProcessorClock(process.pid, 'postgres://bench@127.0.0.1:5432/bench', 'pv-database');
    await spinAgain(database);
    const time = clock.perRequest(2);
    expect(time?.databaseMs).toBeGreaterThanOrEqual((SPIN_MS - 20) / 2);
    expect(time?.databaseMs).toBeLessThan((SPIN_MS + 100) / 2);
    // No such process in this machine's listing: not measured, rather than nothing spent.
    expect(
      startProcessorClock(process.pid, 'postgres://bench@127.0.0.1:5432/bench', 'pv-nobody').perRequest(2)?.databaseMs,
    ).toBeUndefined();
  });
});

describe('isLocalPostgres', () => {
  it('takes PostgreSQL on this machine only', () => {
    expect(isLocalPostgres('postgres://postgres@127.0.0.1:5432/bench')).toBe(true);
    expect(isLocalPostgres('postgresql://user@localhost/db')).toBe(true);
    expect(isLocalPostgres('postgres://user@[::1]:5432/db')).toBe(true);
    expect(isLocalPostgres('postgres://user@db.internal:5432/db')).toBe(false);
    expect(isLocalPostgres('sqlite:bench/.data/sqlite.db')).toBe(false);
  });
});

describe('processorTimeText', () => {
  it('names each process, and leaves out the database when it was not measured', () => {
    expect(processorTimeText({ serverMs: 0.964, databaseMs: 1.1, clientMs: 0.333 })).toBe(
      "; processor time a request: the server 0.96 ms, PostgreSQL 1.10 ms, the load's client 0.33 ms",
    );
    expect(processorTimeText({ serverMs: 2.375, clientMs: 0.408 })).toBe(
      "; processor time a request: the server 2.38 ms, the load's client 0.41 ms",
    );
    expect(processorTimeText(undefined)).toBe('');
  });
});
