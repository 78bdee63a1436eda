import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../src/db/connect';
import { runVault } from './run-vault';

export interface VaultRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A scratch folder for input and output files, removed by `cleanup`. */
export function scratchFolder(): { path: string; write(name: string, text: string): string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), 'prompt-vault-cli-'));
  return {
    path,
    write(name, text) {
      const file = join(path, name);
      writeFileSync(file, text);
      return file;
    },
    cleanup: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** Runs the vault CLI in-process against an open database, capturing its output. */
export async function vault(database: DatabaseHandle, cwd: string, ...argv: string[]): Promise<VaultRun> {
  let stdout = '';
  let stderr = '';
  const code = await runVault(argv, {
    env: {},
    database,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd, progress: false },
  });
  return { code, stdout, stderr };
}

/** The summary's figures, read back from the printed report. */
export function summaryFigures(report: string): Record<string, number> {
  const start = report.lastIndexOf('Summary:');
  const figures: Record<string, number> = {};
  for (const line of report.slice(start).split('\n')) {
    const match = /^\s+([a-zA-Z ]+): (\d+)$/.exec(line);
    if (match?.[1] && match[2]) figures[match[1]] = Number(match[2]);
  }
  return figures;
}
