import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../apps/server/launch';
import { parseDatabaseUrl } from '../../apps/server/src/config';
import { type ServerMemory, watchServerMemory } from './server-memory';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Process {
  readonly child: ChildProcess;
  readonly url: string;
  readonly pid: number;
  /** Resident memory now and at its peak, in MB (Linux /proc), less the database file's mapped pages (watchServerMemory). */
  memory(): ServerMemory;
  stop(): Promise<void>;
}

/**
 * Starts `node <script>` (through tsx for a .ts script; one process, so its
 * RSS is the script's own) and waits until `ready` answers. `mapsDatabase`:
 * the script maps its SQLite file once running, so its memory is read less
 * those pages (watchServerMemory).
 */
export async function startNode(
  script: string,
  args: string[],
  nodeFlags: readonly string[],
  env: Record<string, string>,
  ready: (url: string) => Promise<boolean>,
  port: number,
  mapsDatabase = false,
): Promise<Process> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${stderr}`);
    if (await ready(url).catch(() => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready in 60 s: ${stderr}`);
    }
    await sleep(200);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script} has no process id`);
  const memory = watchServerMemory(pid, mapsDatabase);
  child.once('exit', () => memory.stop());
  return {
    child,
    url,
    pid,
    memory: () => memory.read(),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = sleep(10_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, timeout]);
    },
  };
}

/**
 * The built server as `npm start` runs it (the bundle `npm run build` makes),
 * on a free port of 127.0.0.1 with rate limits off, ready once /api/health
 * answers. `env` adds to or overrides those settings. On SQLite its memory
 * is read less the database file's mapped pages (watchServerMemory).
 */
export async function startBuiltServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Process> {
  const port = await freePort();
  return startNode(
    SERVER_BUNDLE,
    [],
    SERVER_NODE_FLAGS,
    {
      ...SERVER_ENVIRONMENT,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SAMPLE_DATA: '0',
      RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      // Its own origin, so canonical links and the sitemap point at the server measured.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    async (url) => (await fetch(`${url}/api/health`)).ok,
    port,
    parseDatabaseUrl(databaseUrl).kind === 'sqlite',
  );
}
