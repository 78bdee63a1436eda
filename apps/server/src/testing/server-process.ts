import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The real server (src/main.ts) in its own process. Started with
 * `node --import tsx` (one process, so a SIGKILL really kills the server and
 * not just a wrapper; the unit tests run before `npm run build` makes the
 * bundle that `npm start` runs) and on 127.0.0.1 only.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    /** Extra Node.js flags, placed before the server's entry (`--expose-gc`, more `--import`s). */
    private readonly nodeArgs: readonly string[] = [],
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A POST to `path` with `body` as JSON (and any other `headers`, such as a user-id), as a browser sends it. */
  post(path: string, body?: object, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** What the process wrote, for failure messages. */
  get log(): string {
    return this.output;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', ...this.nodeArgs, 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(this.port), SAMPLE_DATA: '0', SERVE_WEB: '0', LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited with ${child.exitCode ?? child.signalCode}: ${this.output}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.kill('SIGKILL');
    throw new Error(`server did not become healthy within ${timeoutMs} ms: ${this.output}`);
  }

  /** Resolves with the signal that ended the process (null if it exited by itself). */
  async exitSignal(): Promise<NodeJS.Signals | null> {
    const child = this.child;
    if (!child) return null;
    if (child.exitCode !== null || child.signalCode !== null) return child.signalCode;
    return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  }

  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Sends the signal and waits for the process to end; returns its exit code (null when killed by the signal). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }
}
