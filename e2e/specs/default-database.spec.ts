import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../apps/server/launch';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_FOLDER = join(REPOSITORY_ROOT, 'apps', 'server');
// A port of this spec's own (the suite's server has E2E_PORT, xss-corpus 4240).
const PORT = 4250;

/** The environment a visitor's shell has: no DATABASE_URL, npm's INIT_CWD at the root. */
function defaultEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: REPOSITORY_ROOT };
  delete env.DATABASE_URL;
  return env;
}

async function waitForHealth(child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${log()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${log()}`);
}

/**
 * `npm start` runs the built server in apps/server; the CLIs run in the
 * repository root. With no DATABASE_URL both must open the one default file,
 * ./data/prompt-vault.db from the root, as the README says. This opens that
 * file as `npm start` would (start-up migrates it, and loads the sample data
 * only into an empty database) and writes nothing else to it.
 */
test('the built server and the CLI share the default database when DATABASE_URL is not set', async () => {
  test.setTimeout(90_000);
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd: SERVER_FOLDER,
    env: {
      ...defaultEnvironment(),
      ...SERVER_ENVIRONMENT,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(SERVER_BUNDLE).toBe('apps/server/dist/main.js');
  try {
    await waitForHealth(server, () => output);
    const answer = await fetch(`http://127.0.0.1:${PORT}/api/prompts?limit=1&sort=newest`);
    const total = Number(answer.headers.get('x-total-count'));
    const [newest] = (await answer.json()) as Array<{ _id: string }>;
    expect(total).toBeGreaterThan(0);

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/cli/vault.ts', 'export', '--format', 'json'],
      {
        cwd: REPOSITORY_ROOT,
        env: defaultEnvironment(),
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const { prompts } = JSON.parse(stdout) as { prompts: Array<{ _id: string }> };
    expect(prompts).toHaveLength(total);
    expect(prompts.map((prompt) => prompt._id)).toContain(newest?._id);

    expect(existsSync(join(REPOSITORY_ROOT, 'data', 'prompt-vault.db'))).toBe(true);
    expect(existsSync(join(SERVER_FOLDER, 'data'))).toBe(false);
  } finally {
    server.kill('SIGTERM');
  }
});
