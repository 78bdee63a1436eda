import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';

const REDOCLY = fileURLToPath(new URL('../../../../node_modules/.bin/redocly', import.meta.url));

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: Array<{ pointer?: string }>;
}

/** Runs `redocly lint` with its recommended rules on a document and returns what it found. */
async function lint(document: unknown): Promise<LintProblem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'prompt-vault-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // Exits non-zero when it finds errors; the JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(REDOCLY, ['lint', file, '--format=json', '--extends=recommended'], {
      // No telemetry or update check: the tests reach no network.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const describeLine = (problem: LintProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

describe('the OpenAPI description under redocly lint (recommended rules)', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, { operationId?: string }>> };
  beforeAll(async () => {
    // With ADMIN_TOKEN, so the moderation routes are described too.
    t = await createTestApp('sqlite', { ADMIN_TOKEN: 'openapi-lint-admin-token', PUBLIC_URL: 'https://prompt-vault.test' });
    document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no errors', { timeout: 60_000 }, async () => {
    const problems = await lint(document);
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map(describeLine)).toEqual([]);
    // What is left are warnings only; the licence is the owner's to choose (docs/api.md).
    expect(problems.map((problem) => problem.ruleId)).toEqual(['info-license']);
  });

  it('still finds the errors it is there to catch', { timeout: 60_000 }, async () => {
    const broken = structuredClone(document);
    delete (broken as { servers?: unknown }).servers;
    const listPrompts = broken.paths['/api/prompts']?.get as { summary?: string; security?: unknown };
    delete listPrompts.summary;
    delete listPrompts.security;
    const rules = (await lint(broken)).filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId);
    expect(rules.sort()).toEqual(['no-empty-servers', 'operation-summary', 'security-defined']);
  });

  it('gives every operation a distinct operationId', () => {
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
