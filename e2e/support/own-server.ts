import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../apps/server/launch';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A server of a spec's own, on a fresh empty SQLite database, for specs whose
 * data would disturb the specs sharing the main e2e server (e.g. dozens of
 * odd categories and keywords). It serves the same built app.
 */
export class OwnServer {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'prompt-vault-e2e-own-'));
  private output = '';

  constructor(readonly port: number) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // The bundle test:e2e built, as `npm start` runs it.
    this.child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
      cwd: REPOSITORY_ROOT,
      env: {
        ...process.env,
        ...SERVER_ENVIRONMENT,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATABASE_URL: `sqlite:${join(this.dir, 'own.db')}`,
        SAMPLE_DATA: '0',
        RATE_LIMIT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`own server exited: ${this.output}`);
      try {
        if ((await fetch(`${this.baseURL}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`own server did not start: ${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
