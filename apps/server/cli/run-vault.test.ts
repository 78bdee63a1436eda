import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { countPrompts } from '../src/prompts/read-repository';
import { runVault } from './run-vault';
import { scratchFolder, summaryFigures } from './cli-test-helpers';

/** The CLI as `npm run vault` runs it: the database from DATABASE_URL, nothing handed in. */
async function run(env: Record<string, string>, cwd: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runVault(argv, {
    env,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd, progress: false },
  });
  return { code, stdout, stderr };
}

describe('vault with DATABASE_URL', () => {
  let files: ReturnType<typeof scratchFolder>;
  beforeEach(() => {
    files = scratchFolder();
  });
  afterEach(() => {
    files.cleanup();
  });

  it('opens the configured database, migrates a new one first, and resolves files from the working folder', async () => {
    const url = `sqlite:${join(files.path, 'fresh', 'vault.db')}`;
    files.write('prompts.json', JSON.stringify([{ title: 'One', prompt: 'Text', category: 'Writing', model: 'GPT-4o' }]));
    const imported = await run({ DATABASE_URL: url }, files.path, 'import', 'prompts.json');
    expect(imported.code).toBe(0);
    expect(summaryFigures(imported.stdout)).toMatchObject({ read: 1, added: 1 });

    const exported = await run({ DATABASE_URL: url }, files.path, 'export', '--format', 'json');
    expect(JSON.parse(exported.stdout).prompts).toMatchObject([{ title: 'One', prompt: 'Text' }]);

    const database = connectDatabase({ kind: 'sqlite', path: join(files.path, 'fresh', 'vault.db') });
    try {
      expect(await countPrompts(database.db, 'sqlite', {})).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('stops with the configuration error line for a bad DATABASE_URL', async () => {
    const result = await run({ DATABASE_URL: 'mysql://nope' }, files.path, 'export', '--format', 'csv');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment variable DATABASE_URL=');
  });

  it('prints the usage for --help', async () => {
    const result = await run({}, files.path, '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('npm run vault -- import <file> [--dry-run] [--category C] [--model M]');
  });
});
