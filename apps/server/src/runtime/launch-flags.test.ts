import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, SERVER_ENVIRONMENT, serverCommand } from '../../launch';

const repository = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repository), 'utf8');
const startScript = () => (JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } }).scripts.start;

/** The launch command is spelled out again where a shell, not launch.ts, starts the bundle; they must not drift apart. */
describe('the server bundle runs with the environment and flags of launch.ts', () => {
  it('under npm start, through cross-env, since Windows shells take no VAR=value prefix', () => {
    expect(startScript()).toBe(`cross-env ${serverCommand('dist/main.js')}`);
  });

  it("npm start's command hands the environment to node", () => {
    // The start script as npm runs it on Linux (its packages' bin folders on PATH), printing node's environment instead.
    const script = startScript();
    expect(script.endsWith(' dist/main.js')).toBe(true);
    const command = `${script.slice(0, -' dist/main.js'.length)} -e "process.stdout.write(JSON.stringify(process.env))"`;
    const bins = ['apps/server/node_modules/.bin', 'node_modules/.bin'].map((folder) => fileURLToPath(new URL(folder, repository)));
    const output = execFileSync('sh', ['-c', command], {
      env: { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter), MALLOC_ARENA_MAX: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const received = JSON.parse(output) as Record<string, string | undefined>;
    expect(Object.fromEntries(Object.keys(SERVER_ENVIRONMENT).map((name) => [name, received[name]]))).toEqual(SERVER_ENVIRONMENT);
  });

  it("in CI's smoke test on Node 22", () => {
    expect(read('.ci/run')).toContain(serverCommand(SERVER_BUNDLE));
  });
});
