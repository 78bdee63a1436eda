import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ANONYMOUS_USER_ID, PAGE_SIZE_MAX, RELATED_PROMPTS_LIMIT, TAG_FACET_LIMIT } from '@prompt-vault/shared/limits';
import { fillVariables, findVariables } from '@prompt-vault/shared/prompt-variables';
import { type Prompt, SORT_OPTIONS, listQuerySchema, tagListSchema } from '@prompt-vault/shared/schemas';
import { SITE_NAME, promptPath } from '@prompt-vault/shared/site';
import { z } from 'zod';
import type { FacetsService } from '../facets/service';
import { AppError } from '../http/app-error';
import { DEFAULT_SORT, type PromptsService } from '../prompts/service';

/** Prompts (and resources) per page of prompts/list and resources/list. */
export const MCP_PAGE_SIZE = 50;
/** Results of search_prompts when the assistant asks for no limit. */
export const SEARCH_DEFAULT_LIMIT = 10;

export interface LibraryMcpDependencies {
  readonly prompts: PromptsService;
  readonly facets: FacetsService;
  /** Origin (and path prefix) of permalinks, which are also the resources' URIs. */
  readonly publicUrl: string;
}

/** The server's version as MCP clients see it (the app's own, from apps/server/package.json). */
const SERVER_VERSION = '1.0.0';

/** What an assistant sees of a prompt in search results: enough to choose, not the text. */
function summary(prompt: Prompt, permalink: string) {
  return {
    id: prompt._id,
    title: prompt.title,
    category: prompt.category,
    model: prompt.model,
    tags: prompt.tags,
    likes: prompt.likes,
    copyCount: prompt.copyCount,
    commentCount: prompt.commentCount,
    variables: findVariables(prompt.prompt),
    permalink,
  };
}

function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/**
 * The library's own errors (a bad cursor is a 400, a hidden prompt a 404)
 * become MCP errors with the same message; anything else is left to the SDK,
 * which answers it as an internal error without stopping the server.
 */
async function asMcpError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}

/**
 * The library as an MCP server: every visible prompt as an MCP prompt (its
 * variables as arguments) and as a resource at its permalink, plus tools to
 * search it and read its categories and models. Everything goes through the
 * same services as the API, so hidden prompts never appear and a fetched
 * prompt counts as a copy exactly as the web app's copy button does.
 */
export function createLibraryMcpServer(deps: LibraryMcpDependencies): McpServer {
  const { prompts, facets, publicUrl } = deps;
  const permalink = (id: string) => `${publicUrl}${promptPath(id)}`;
  const server = new McpServer(
    { name: 'prompt-vault', title: SITE_NAME, version: SERVER_VERSION },
    {
      capabilities: { prompts: { listChanged: false }, resources: { listChanged: false } },
      instructions: `${SITE_NAME} is a library of AI prompts. Use search_prompts to find one, then get_prompt (or the prompt of the same id) to fetch its text with its variables filled in.`,
    },
  );

  const visiblePrompt = async (id: string): Promise<Prompt> => {
    const prompt = await prompts.find(id);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Prompt not found: ${id}`);
    return prompt;
  };

  /** A page of the library in its default order, as the web app lists it. */
  const libraryPage = (cursor: string | undefined) =>
    asMcpError(() => prompts.list({ sort: DEFAULT_SORT, limit: MCP_PAGE_SIZE, cursor }, undefined));

  const low = server.server;

  low.setRequestHandler(ListPromptsRequestSchema, async (request) => {
    const page = await libraryPage(request.params?.cursor);
    return {
      prompts: page.prompts.map((prompt) => ({
        name: prompt._id,
        title: prompt.title,
        description: `${prompt.title} (${prompt.category}, for ${prompt.model})`,
        arguments: findVariables(prompt.prompt).map((name) => ({ name, description: `Value for ${name}`, required: true })),
      })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  });

  low.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = await visiblePrompt(request.params.name);
    const values = request.params.arguments ?? {};
    const missing = findVariables(prompt.prompt).filter((name) => !values[name]?.trim());
    if (missing.length > 0) {
      throw new McpError(ErrorCode.InvalidParams, `Missing required arguments: ${missing.join(', ')}`);
    }
    await prompts.copy(prompt._id, ANONYMOUS_USER_ID);
    return {
      description: prompt.title,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: fillVariables(prompt.prompt, values) } }],
    };
  });

  low.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const page = await libraryPage(request.params?.cursor);
    return {
      resources: page.prompts.map((prompt) => ({
        uri: permalink(prompt._id),
        name: prompt._id,
        title: prompt.title,
        description: `${prompt.category}, for ${prompt.model}`,
        mimeType: 'text/plain',
      })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  });

  low.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      { uriTemplate: `${publicUrl}/prompts/{id}`, name: 'prompt', title: 'A prompt by its permalink', mimeType: 'text/plain' },
    ],
  }));

  low.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const prefix = `${publicUrl}/prompts/`;
    const encodedId = uri.startsWith(prefix) ? uri.slice(prefix.length) : undefined;
    let id: string | undefined;
    try {
      id = encodedId === undefined ? undefined : decodeURIComponent(encodedId);
    } catch {
      id = undefined;
    }
    if (id === undefined || id.includes('/')) throw new McpError(ErrorCode.InvalidParams, `Not a prompt of this library: ${uri}`);
    const prompt = await visiblePrompt(id);
    return { contents: [{ uri, mimeType: 'text/plain', text: prompt.prompt }] };
  });

  const query = listQuerySchema.shape;
  server.registerTool(
    'search_prompts',
    {
      title: 'Search prompts',
      description:
        "Searches the library as its search box does (title, text, category and model), optionally within one category or model and among prompts carrying given tags. Returns each match's id, title, category, model, tags, counts, variables and permalink; fetch the text with get_prompt.",
      inputSchema: {
        text: query.q.describe('Words to search for; omit to list the whole library'),
        category: query.category.describe('Only prompts of this category (see list_categories)'),
        model: query.model.describe('Only prompts for this model (see list_models)'),
        tags: tagListSchema.optional().describe('Only prompts carrying every one of these tags (see list_tags), e.g. ["email", "work"]'),
        sort: z
          .enum(SORT_OPTIONS)
          .optional()
          .describe(`Order of the results; ${DEFAULT_SORT} when omitted; relevance (best match first) only with text`),
        limit: z.number().int().min(1).max(PAGE_SIZE_MAX).optional().describe(`How many results (default ${SEARCH_DEFAULT_LIMIT})`),
        cursor: query.cursor.describe("The previous answer's nextCursor, for the next results"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const filters = { q: input.text, category: input.category, model: input.model, tags: input.tags };
      const page = await asMcpError(() =>
        prompts.list({ ...filters, sort: input.sort, limit: input.limit ?? SEARCH_DEFAULT_LIMIT, cursor: input.cursor }, undefined),
      );
      // A total the page left out (counting costs more than the page) is counted for the agent, who asked for it.
      const total = page.total ?? (await asMcpError(() => prompts.count(filters, undefined)));
      return jsonResult({
        total,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        prompts: page.prompts.map((prompt) => summary(prompt, permalink(prompt._id))),
      });
    },
  );

  server.registerTool(
    'get_prompt',
    {
      title: 'Get a prompt',
      description:
        "A prompt's text by its id, with the given variable values filled in (placeholders without a value stay as written). Counts as a copy.",
      inputSchema: {
        id: z.string().min(1).max(64).describe('The id from search_prompts'),
        variables: z.record(z.string(), z.string()).optional().describe("Values for the prompt's variables, by name"),
      },
      annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ id, variables }) => {
      const prompt = await visiblePrompt(id);
      await prompts.copy(prompt._id, ANONYMOUS_USER_ID);
      return jsonResult({ ...summary(prompt, permalink(prompt._id)), text: fillVariables(prompt.prompt, variables ?? {}) });
    },
  );

  server.registerTool(
    'list_categories',
    {
      title: 'List categories',
      description: 'Every category in the library with how many prompts it has.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => jsonResult((await facets.get()).categories),
  );

  server.registerTool(
    'list_models',
    {
      title: 'List models',
      description: 'Every model the library has prompts for, with how many prompts each has.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => jsonResult((await facets.get()).models),
  );

  server.registerTool(
    'list_tags',
    {
      title: 'List tags',
      description: `The most used tags of the library (up to ${TAG_FACET_LIMIT}), with how many prompts carry each, most used first.`,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => jsonResult((await facets.get()).tags),
  );

  server.registerTool(
    'related_prompts',
    {
      title: 'Related prompts',
      description: `Up to ${RELATED_PROMPTS_LIMIT} prompts related to the one with this id (sharing its tags, its category, words of its title and its text), best first, each as search_prompts shows it.`,
      inputSchema: { id: z.string().min(1).max(64).describe('The id from search_prompts') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      const related = await asMcpError(() => prompts.related(id, undefined));
      return jsonResult(related.map((prompt) => summary(prompt, permalink(prompt._id))));
    },
  );

  return server;
}
