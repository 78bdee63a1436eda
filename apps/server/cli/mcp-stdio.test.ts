import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../src/testing/test-app';
import { createTestDatabase, processDatabaseUrl } from '../src/testing/test-database';
import { remoteUrlFrom } from './run-mcp';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REMOTE_PORT = 4263;

/** Starts `npm run mcp` as an MCP client would: the same command, talking over its stdin and stdout. */
async function startStdio(env: Record<string, string>, args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp', ...(args.length > 0 ? ['--', ...args] : [])],
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'prompt-vault-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('npm run mcp (stdio)', () => {
  let t: TestApp;
  let client: Client | undefined;
  let ids: string[];

  beforeEach(async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://vault.example' });
    ids = [];
    for (const [title, prompt] of [
      ['Blog outline', 'Outline a post about {{topic}}'],
      ['Bug report', 'Describe the bug in [component]'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title, prompt, category: 'Writing', model: 'o3' },
      });
      ids.push(response.json<{ _id: string }>()._id);
    }
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await t.close();
  });

  const exercise = async (stdio: Client, permalinkOrigin: string) => {
    const listed = await stdio.listPrompts();
    expect(listed.prompts.map((prompt) => prompt.name)).toEqual([...ids].reverse());
    const got = await stdio.getPrompt({ name: ids[0] ?? '', arguments: { topic: 'kites' } });
    expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'Outline a post about kites' });
    await expect(stdio.getPrompt({ name: ids[0] ?? '' })).rejects.toThrow(/topic/);
    const search = (await stdio.callTool({ name: 'search_prompts', arguments: { text: 'bug' } })) as CallToolResult;
    const first = search.content[0];
    expect(first?.type === 'text' && JSON.parse(first.text)).toMatchObject({
      total: 1,
      prompts: [{ id: ids[1], permalink: `${permalinkOrigin}/prompts/${ids[1]}` }],
    });
    const resources = await stdio.listResources();
    expect(resources.resources.map((resource) => resource.uri)).toContain(`${permalinkOrigin}/prompts/${ids[0]}`);
    const copies = (await t.app.inject({ url: `/api/prompts/${ids[0]}` })).json<{ copyCount: number }>().copyCount;
    expect(copies).toBe(1);
  };

  it('serves the library from DATABASE_URL', async () => {
    client = await startStdio({ DATABASE_URL: t.database.url, PUBLIC_URL: 'https://local.example' });
    await exercise(client, 'https://local.example');
  });

  it('relays to a remote Prompt Vault given its URL', async () => {
    await t.app.listen({ port: REMOTE_PORT, host: '127.0.0.1' });
    client = await startStdio({}, ['--url', `http://127.0.0.1:${REMOTE_PORT}`]);
    await exercise(client, 'https://vault.example');
  });
});

describe('remoteUrlFrom', () => {
  it('takes --url, else PROMPT_VAULT_URL, else none', () => {
    expect(remoteUrlFrom(['--url', 'https://a.example'], { PROMPT_VAULT_URL: 'https://b.example' })).toBe('https://a.example');
    expect(remoteUrlFrom([], { PROMPT_VAULT_URL: 'https://b.example' })).toBe('https://b.example');
    expect(remoteUrlFrom([], {})).toBeUndefined();
  });

  it('refuses a missing or odd URL and unknown options', () => {
    expect(() => remoteUrlFrom(['--url'], {})).toThrow(/needs a URL/);
    expect(() => remoteUrlFrom(['--url', 'ftp://x'], {})).toThrow(/Not an http/);
    expect(() => remoteUrlFrom(['--verbose'], {})).toThrow(/Unknown option: --verbose/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run mcp (stdio) on postgres', () => {
  // The PostgreSQL pools keep idle connections open (db/connect.ts); they must not keep this process alive.
  it('exits once its input closes', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const child = spawn('npm', ['run', '--silent', 'mcp'], {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: processDatabaseUrl(database) },
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      const exited = once(child, 'exit');
      child.stdin.end();
      const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      clearTimeout(timeout);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      await database.close();
    }
  }, 30_000);
});
