import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run generate', () => {
  it('refuses a --database that is a bare file name, saying what it takes, before it connects anywhere', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/cli/generate.ts', '--prompts', '10', '--database', 'library.db'],
      {
        cwd: REPOSITORY_ROOT,
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('--database must start with sqlite: or postgres://, got "library.db"');
    expect(run.stdout).toBe('');
  }, 30_000);
});
