import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createAppCaches } from '../src/cache/app-caches';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { createFacetsService } from '../src/facets/service';
import { createLibraryMcpServer } from '../src/mcp/library-server';
import { MCP_PATH } from '../src/mcp/routes';
import { createPromptsService } from '../src/prompts/service';
import { localLibraryWrites } from '../src/cache/library-writes';

export const MCP_USAGE = `Usage: npm run mcp [-- --url <Prompt Vault URL>]

Serves the library's MCP prompts, resources and tools over standard input and
output, for MCP clients that start servers as processes.
  (no option)   reads the library from DATABASE_URL (the SQLite file by default)
  --url <URL>   relays to a running Prompt Vault's /mcp endpoint instead
                (PROMPT_VAULT_URL does the same)
`;

/** Where the library comes from: a remote Prompt Vault's URL, or undefined for DATABASE_URL. */
export function remoteUrlFrom(argv: readonly string[], env: Record<string, string | undefined>): string | undefined {
  const index = argv.indexOf('--url');
  const unknown = argv.find((_arg, at) => index < 0 || (at !== index && at !== index + 1));
  if (unknown !== undefined || (index >= 0 && index + 1 >= argv.length)) {
    throw new Error(`${unknown === undefined ? '--url needs a URL' : `Unknown option: ${unknown}`}\n\n${MCP_USAGE}`);
  }
  const value = index >= 0 ? argv[index + 1] : env.PROMPT_VAULT_URL || undefined;
  if (value !== undefined && !/^https?:\/\/./.test(value)) throw new Error(`Not an http(s) URL: ${value}`);
  return value;
}

/** Serves the library from DATABASE_URL (migrated first, as the server does) until stdin closes. */
async function serveLocal(env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env);
  const database = connectDatabase(config.database, {
    readThreads: config.sqliteReadThreads,
    longReadConnections: config.postgresLongReadConnections,
  });
  await migrateToLatest(database.db);
  const caches = createAppCaches();
  const server = createLibraryMcpServer({
    prompts: createPromptsService(database, caches, localLibraryWrites(caches)),
    facets: createFacetsService(database.db, caches),
    publicUrl: config.publicUrl,
  });
  server.server.onclose = () => void database.close();
  await server.connect(new StdioServerTransport());
}

/**
 * Relays every request the local server offers to a remote /mcp endpoint
 * through the SDK's own client, so a client that only starts processes gets
 * exactly the remote library (its rate limits and errors included).
 */
async function serveRemote(baseUrl: string): Promise<void> {
  // A Prompt Vault served under a path prefix has its endpoint under it too.
  const base = new URL(baseUrl);
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}${MCP_PATH}`, base);
  const remote = new Client({ name: 'prompt-vault-stdio-relay', version: '1.0.0' });
  await remote.connect(new StreamableHTTPClientTransport(endpoint));
  const info = remote.getServerVersion() ?? { name: 'prompt-vault', version: '1.0.0' };
  const server = new Server(info, {
    capabilities: remote.getServerCapabilities() ?? {},
    instructions: remote.getInstructions(),
  });
  server.setRequestHandler(ListPromptsRequestSchema, (request) => remote.listPrompts(request.params));
  server.setRequestHandler(GetPromptRequestSchema, (request) => remote.getPrompt(request.params));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => remote.listResources(request.params));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => remote.listResourceTemplates(request.params));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => remote.readResource(request.params));
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request) => remote.callTool(request.params));
  server.onclose = () => void remote.close();
  await server.connect(new StdioServerTransport());
}

/** Starts the stdio server; standard output carries only MCP messages, so errors go to standard error. */
export async function runMcp(argv: readonly string[], env: Record<string, string | undefined>): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(MCP_USAGE);
    return;
  }
  const remoteUrl = remoteUrlFrom(argv, env);
  if (remoteUrl) await serveRemote(remoteUrl);
  else await serveLocal(env);
}
