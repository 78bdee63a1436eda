import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_HEADERS, type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { MCP_PAGE_SIZE } from './library-server';

/** Ports of this worktree's range; one per dialect so a PostgreSQL run never meets a SQLite one. */
const PORTS = { sqlite: 4260, postgres: 4261 } as const;
const RATE_LIMIT_PORT = 4262;
const ADMIN_TOKEN = 'mcp-test-admin-token-0123';
const PUBLIC_URL = 'https://vault.example';

async function connect(port: number): Promise<Client> {
  const client = new Client({ name: 'prompt-vault-test', version: '1.0.0' });
  // Asks for compressed answers, as browsers and most HTTP clients do: the
  // endpoint must answer plain JSON-RPC all the same.
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
    requestInit: { headers: { 'accept-encoding': 'br, gzip' } },
  });
  await client.connect(transport);
  return client;
}

function toolJson(result: unknown): unknown {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (first?.type !== 'text') throw new Error('expected a text answer');
  return JSON.parse(first.text);
}

describe.each(TEST_DIALECTS)('MCP endpoint on %s', (dialect) => {
  let t: TestApp;
  let client: Client;

  const create = async (title: string, prompt: string, category = 'Writing', model = 'GPT-4o') => {
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { title, prompt, category, model } });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  const copyCount = async (id: string) => (await t.app.inject({ url: `/api/prompts/${id}` })).json<{ copyCount: number }>().copyCount;

  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN, PUBLIC_URL });
    await t.app.listen({ port: PORTS[dialect], host: '127.0.0.1' });
    client = await connect(PORTS[dialect]);
  });
  afterEach(async () => {
    await client.close();
    await t.close();
  });

  it('initializes with the library as its name and prompts, resources and tools', async () => {
    expect(client.getServerVersion()?.name).toBe('prompt-vault');
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.prompts).toBeDefined();
    expect(capabilities?.resources).toBeDefined();
    expect(capabilities?.tools).toBeDefined();
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual([
      'get_prompt',
      'list_categories',
      'list_models',
      'list_tags',
      'related_prompts',
      'search_prompts',
    ]);
  });

  it('answers with the same security headers as every other route', async () => {
    const response = await fetch(`http://127.0.0.1:${PORTS[dialect]}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: {} });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lists every prompt across pages in the library order, with its variables as arguments', async () => {
    const ids: string[] = [];
    for (let index = 0; index < MCP_PAGE_SIZE + 3; index += 1) {
      ids.push(await create(`Prompt number ${index}`, index === 0 ? 'Write about {{topic}} for [audience]' : `Text ${index}`));
    }
    const first = await client.listPrompts();
    expect(first.prompts).toHaveLength(MCP_PAGE_SIZE);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = await client.listPrompts({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const names = [...first.prompts, ...second.prompts].map((prompt) => prompt.name);
    // In the library's order: the API's unpaged list, newest first (prompts made in one millisecond by id).
    const stored = (await t.app.inject({ url: '/api/prompts' })).json<{ _id: string }[]>();
    expect(names).toEqual(stored.map((prompt) => prompt._id));
    expect([...names].sort()).toEqual([...ids].sort());
    const withVariables = second.prompts.find((prompt) => prompt.name === ids[0]);
    expect(withVariables?.title).toBe('Prompt number 0');
    expect(withVariables?.arguments).toEqual([
      { name: 'topic', description: 'Value for topic', required: true },
      { name: 'audience', description: 'Value for audience', required: true },
    ]);
  });

  it('answers a bad cursor with an MCP error', async () => {
    await expect(client.listPrompts({ cursor: 'not-a-cursor' })).rejects.toThrow(/cursor/i);
  });

  it('gets a prompt with its arguments filled, counts it as a copy, and refuses a missing argument', async () => {
    const id = await create('Blog post', 'Write about {{ topic }} for [audience], on {{topic}}.');
    const plain = await create('Plain', 'No variables here.');

    await expect(client.getPrompt({ name: id, arguments: { topic: 'tides' } })).rejects.toThrow(/audience/);
    expect(await copyCount(id)).toBe(0);

    const filled = await client.getPrompt({ name: id, arguments: { topic: 'tides', audience: 'sailors' } });
    expect(filled.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Write about tides for sailors, on tides.' } }]);
    expect(await copyCount(id)).toBe(1);

    const withoutArguments = await client.getPrompt({ name: plain });
    expect(withoutArguments.messages[0]?.content).toEqual({ type: 'text', text: 'No variables here.' });
    expect(await copyCount(plain)).toBe(1);

    await expect(client.getPrompt({ name: 'no-such-prompt' })).rejects.toThrow(/not found/i);
  });

  it('searches with text, category, model, sort and limit', async () => {
    const a = await create('Email writer', 'Write an email', 'Writing', 'GPT-4o');
    const b = await create('Email summary', 'Summarise this email', 'Business', 'GPT-4o');
    await create('Code review', 'Review this code', 'Coding', 'o3');

    const all = toolJson(await client.callTool({ name: 'search_prompts', arguments: { text: 'email', sort: 'newest' } })) as {
      total: number;
      prompts: Array<{ id: string; permalink: string; category: string }>;
    };
    expect(all.total).toBe(2);
    expect(all.prompts.map((prompt) => prompt.id)).toEqual([b, a]);
    expect(all.prompts[0]?.permalink).toBe(`${PUBLIC_URL}/prompts/${b}`);

    const byCategory = toolJson(await client.callTool({ name: 'search_prompts', arguments: { text: 'email', category: 'Writing' } })) as {
      prompts: Array<{ id: string }>;
    };
    expect(byCategory.prompts.map((prompt) => prompt.id)).toEqual([a]);

    const limited = toolJson(await client.callTool({ name: 'search_prompts', arguments: { model: 'GPT-4o', limit: 1 } })) as {
      total: number;
      nextCursor?: string;
      prompts: unknown[];
    };
    expect(limited.total).toBe(2);
    expect(limited.prompts).toHaveLength(1);
    expect(limited.nextCursor).toBeTypeOf('string');
  });

  it('answers invalid tool input with an error result, and the server goes on', async () => {
    for (const args of [{ limit: 0 }, { limit: 'ten' }, { sort: 'best' }, { cursor: 'garbage' }, { tags: 'email' }, { tags: ['<b>'] }]) {
      const result = (await client.callTool({ name: 'search_prompts', arguments: args })) as CallToolResult;
      expect(result.isError, JSON.stringify(args)).toBe(true);
    }
    const missingId = (await client.callTool({ name: 'get_prompt', arguments: {} })) as CallToolResult;
    expect(missingId.isError).toBe(true);
    const unknown = (await client.callTool({ name: 'get_prompt', arguments: { id: 'nope' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    const noSuchTool = (await client.callTool({ name: 'no_such_tool', arguments: {} })) as CallToolResult;
    expect(noSuchTool).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/not found/) }] });
    expect((await client.listTools()).tools).toHaveLength(6);
  });

  it('searches among prompts carrying every given tag, shows tags in results and lists the tags in use', async () => {
    const tagged = async (title: string, tags: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/prompts',
          payload: { title, prompt: `${title} text`, category: 'Writing', model: 'o3', tags },
        })
      ).json<{ _id: string }>()._id;
    const both = await tagged('Both', ['email', 'work']);
    await tagged('Email only', ['email']);
    const found = toolJson(await client.callTool({ name: 'search_prompts', arguments: { tags: ['Work', 'email'] } })) as {
      total: number;
      prompts: Array<{ id: string; tags: string[] }>;
    };
    expect(found.total).toBe(1);
    expect(found.prompts).toEqual([expect.objectContaining({ id: both, tags: ['email', 'work'] })]);
    expect(toolJson(await client.callTool({ name: 'list_tags', arguments: {} }))).toEqual([
      { name: 'email', count: 2 },
      { name: 'work', count: 1 },
    ]);
  });

  it('related_prompts answers the prompts related to one, best first, never itself nor hidden ones, and an error for an unknown id', async () => {
    const target = await create('Email Newsletter Writer', 'Draft the newsletter.', 'Marketing');
    const sameCategory = await create('Brand Voice Guide', 'Describe the brand voice.', 'Marketing');
    const titleWord = await create('Newsletter Subject Lines', 'Suggest subject lines.', 'Sales');
    const hidden = await create('Marketing Spam', 'Buy now.', 'Marketing');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/prompts/${hidden}/hide`,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    await create('Tomato Soup', 'Cook a soup.', 'Cooking');
    const related = toolJson(await client.callTool({ name: 'related_prompts', arguments: { id: target } })) as Array<{
      id: string;
      permalink: string;
    }>;
    expect(related.map((prompt) => prompt.id)).toEqual([sameCategory, titleWord]);
    expect(related[0]?.permalink).toBe(`${PUBLIC_URL}/prompts/${sameCategory}`);
    const unknown = (await client.callTool({ name: 'related_prompts', arguments: { id: 'nope' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
  });

  it('get_prompt fills the given variables, leaves the others as written, and counts a copy', async () => {
    const id = await create('Letter', 'Dear [name], about {{subject}}.');
    const answer = toolJson(await client.callTool({ name: 'get_prompt', arguments: { id, variables: { name: 'Ada' } } })) as {
      text: string;
      variables: string[];
      title: string;
    };
    expect(answer.text).toBe('Dear Ada, about {{subject}}.');
    expect(answer.variables).toEqual(['name', 'subject']);
    expect(answer.title).toBe('Letter');
    expect(await copyCount(id)).toBe(1);
  });

  it('lists categories and models with counts', async () => {
    await create('One', 'text one', 'Writing', 'GPT-4o');
    await create('Two', 'text two', 'Writing', 'o3');
    await create('Three', 'text three', 'Coding', 'o3');
    expect(toolJson(await client.callTool({ name: 'list_categories', arguments: {} }))).toEqual([
      { name: 'Coding', count: 1 },
      { name: 'Writing', count: 2 },
    ]);
    expect(toolJson(await client.callTool({ name: 'list_models', arguments: {} }))).toEqual([
      { name: 'GPT-4o', count: 1 },
      { name: 'o3', count: 2 },
    ]);
  });

  it('offers each prompt as a resource at its permalink, readable as text', async () => {
    const id = await create('Resource', 'The text of {{thing}}.');
    const resources = await client.listResources();
    expect(resources.resources).toEqual([
      { uri: `${PUBLIC_URL}/prompts/${id}`, name: id, title: 'Resource', description: 'Writing, for GPT-4o', mimeType: 'text/plain' },
    ]);
    const read = await client.readResource({ uri: `${PUBLIC_URL}/prompts/${id}` });
    expect(read.contents).toEqual([{ uri: `${PUBLIC_URL}/prompts/${id}`, mimeType: 'text/plain', text: 'The text of {{thing}}.' }]);
    await expect(client.readResource({ uri: 'https://elsewhere.example/prompts/x' })).rejects.toThrow(/not a prompt/i);
    await expect(client.readResource({ uri: `${PUBLIC_URL}/prompts/unknown` })).rejects.toThrow(/not found/i);
  });

  it('never shows a hidden prompt', async () => {
    const visible = await create('Visible one', 'Shown {{x}}', 'Writing', 'GPT-4o');
    const hidden = await create('Hidden spam', 'Spam {{x}}', 'Spam', 'Spammy');
    const moderation = await t.app.inject({
      method: 'POST',
      url: `/api/admin/prompts/${hidden}/hide`,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(moderation.statusCode).toBe(200);

    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual([visible]);
    expect((await client.listResources()).resources.map((resource) => resource.name)).toEqual([visible]);
    await expect(client.getPrompt({ name: hidden, arguments: { x: '1' } })).rejects.toThrow(/not found/i);
    await expect(client.readResource({ uri: `${PUBLIC_URL}/prompts/${hidden}` })).rejects.toThrow(/not found/i);
    expect(((await client.callTool({ name: 'get_prompt', arguments: { id: hidden } })) as CallToolResult).isError).toBe(true);
    const search = toolJson(await client.callTool({ name: 'search_prompts', arguments: { text: 'spam' } })) as { total: number };
    expect(search.total).toBe(0);
    const everything = toolJson(await client.callTool({ name: 'search_prompts', arguments: {} })) as { prompts: Array<{ id: string }> };
    expect(everything.prompts.map((prompt) => prompt.id)).toEqual([visible]);
    const categories = toolJson(await client.callTool({ name: 'list_categories', arguments: {} })) as Array<{ name: string }>;
    expect(categories.map((category) => category.name)).toEqual(['Writing']);
    const models = toolJson(await client.callTool({ name: 'list_models', arguments: {} })) as Array<{ name: string }>;
    expect(models.map((model) => model.name)).toEqual(['GPT-4o']);
  });

  it('answers GET and DELETE with 405, and a POST body that is not JSON-RPC with an error', async () => {
    const url = `http://127.0.0.1:${PORTS[dialect]}/mcp`;
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const garbage = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0');
  });
});

describe('MCP endpoint rate limit', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('draws on the read budget per client IP and refuses past it', async () => {
    const budget = 10;
    t = await createTestApp('sqlite', { RATE_LIMIT: '1', RATE_LIMIT_READS: `${budget}/1m` });
    await t.app.listen({ port: RATE_LIMIT_PORT, host: '127.0.0.1' });
    // Connecting spends a few requests of the budget (initialize, its notification, the stream probe).
    const client = await connect(RATE_LIMIT_PORT);
    let answered = 0;
    let refusal: unknown;
    for (let attempt = 0; attempt < budget && refusal === undefined; attempt += 1) {
      await client.listPrompts().then(
        () => (answered += 1),
        (error: unknown) => (refusal = error),
      );
    }
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(budget);
    expect(String(refusal)).toMatch(/RATE_LIMITED/);
    // The API shares the budget: the client has spent it.
    expect((await t.app.inject({ url: '/api/prompts', remoteAddress: '127.0.0.1' })).statusCode).toBe(429);
    await client.close();
  });
});
