import { PAGE_SIZE_MAX, USER_ID_PATTERN } from '@prompt-vault/shared/limits';

/**
 * What the OpenAPI description says of each operation beyond its zod
 * schemas: a stable operationId for client generators, a summary, whether it
 * reads the visitor's `user-id` header, and the headers its success sends.
 * Keyed by `METHOD url` as Fastify registers the route; the transform in
 * openapi.ts refuses a described route missing here, so a new route cannot
 * slip in undescribed.
 */
export interface OperationDescription {
  readonly operationId: string;
  /** Required unless the route's own schema has one. */
  readonly summary?: string;
  readonly userId?: 'optional' | 'required';
  /** Response headers of the success answer. */
  /** Response headers of the success answer, each a JSON Schema with its description (as @fastify/swagger takes them). */
  readonly headers?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Only for moderators: `Authorization: Bearer <ADMIN_TOKEN>`. */
  readonly admin?: true;
}

export const USER_ID_PARAMETER = {
  name: 'user-id',
  in: 'header',
  description: "The visitor's anonymous id: 'user_' followed by 8 to 64 letters, digits, '_' or '-'. A malformed id is a 400.",
  schema: { type: 'string', pattern: USER_ID_PATTERN.source },
} as const;

export const OPERATIONS: Readonly<Record<string, OperationDescription>> = {
  'GET /api/openapi.json': { operationId: 'getOpenApi' },
  'GET /api/prompts': {
    operationId: 'listPrompts',
    summary: 'List or search prompts, paged with limit and cursor',
    userId: 'optional',
    headers: {
      'X-Total-Count': {
        type: 'integer',
        minimum: 0,
        description:
          'How many prompts match (paged requests only). Left out when counting would cost more than the page (a search found in many prompts, not counted since the library last changed): GET /api/prompts/count with the same filters answers it',
      },
      Link: {
        type: 'string',
        description: `The next page, as \`</api/prompts?...&cursor=...>; rel="next"\` (paged requests with more to come; limit up to ${PAGE_SIZE_MAX})`,
      },
    },
  },
  'POST /api/prompts': {
    operationId: 'createPrompt',
    summary: 'Share a new prompt',
    headers: { Location: { type: 'string', description: 'The new prompt, /api/prompts/{id}' } },
  },
  'GET /api/prompts/count': {
    operationId: 'countPrompts',
    summary: "How many prompts match the list's filters: the total a page leaves out of X-Total-Count",
    userId: 'optional',
  },
  'GET /api/prompts/:id': { operationId: 'getPrompt', summary: 'One prompt by its id', userId: 'optional' },
  'GET /api/prompts/:id/related': {
    operationId: 'listRelatedPrompts',
    summary: 'Up to 6 visible prompts related to this one by shared tags, category, and title and text words, best first',
    userId: 'optional',
  },
  'POST /api/prompts/:id/like': { operationId: 'likePrompt', summary: 'Like or unlike a prompt', userId: 'required' },
  'POST /api/prompts/:id/copy': {
    operationId: 'recordCopy',
    summary: "Count a copy of a prompt (user-id may be 'anonymous' or absent)",
    userId: 'optional',
  },
  'GET /api/comments/:promptId': { operationId: 'listComments', summary: "A prompt's comments, oldest first" },
  'POST /api/comments/:promptId': { operationId: 'createComment', summary: 'Add a comment to a prompt', userId: 'optional' },
  'GET /api/facets': { operationId: 'getFacets', summary: 'Categories and models with counts, and popular title words' },
  'GET /api/search/suggest': {
    operationId: 'suggestSearch',
    summary: "Did you mean: a corrected search from the library's own words when a search finds nothing",
  },
  'POST /api/prompts/similar': {
    operationId: 'findSimilarPrompts',
    summary: 'Near-duplicate check of a draft: up to 3 visible prompts whose title and text are similar (reads only, writes nothing)',
  },
  'GET /api/analytics': { operationId: 'getAnalytics', summary: "The Insights page's figures" },
  'GET /api/health': { operationId: 'getHealth', summary: 'Whether the server and its database answer' },
  'GET /feed.xml': { operationId: 'getFeed' },
  'GET /sitemap.xml': { operationId: 'getSitemap' },
  'GET /sitemaps/:part': { operationId: 'getSitemapPart' },
  'GET /robots.txt': { operationId: 'getRobots' },
  'POST /api/reports': { operationId: 'reportContent', summary: 'Report a prompt or a comment to the moderators', userId: 'required' },
  'GET /api/admin/reports': { operationId: 'listReports', summary: 'Reported prompts and comments, for moderators', admin: true },
  'POST /api/admin/prompts/:id/hide': { operationId: 'hidePrompt', summary: 'Hide a prompt from every list and page', admin: true },
  'POST /api/admin/prompts/:id/unhide': { operationId: 'unhidePrompt', summary: 'Show a hidden prompt again', admin: true },
  'POST /api/admin/comments/:id/hide': { operationId: 'hideComment', summary: 'Hide a comment', admin: true },
  'POST /api/admin/comments/:id/unhide': { operationId: 'unhideComment', summary: 'Show a hidden comment again', admin: true },
  'POST /mcp': {
    operationId: 'mcp',
    summary: 'The MCP endpoint (Streamable HTTP, stateless): prompts, resources and tools for assistants (docs/mcp.md)',
  },
  'GET /mcp': { operationId: 'mcpOpenStream', summary: 'Not offered: the MCP endpoint keeps no stream open (405)' },
  'DELETE /mcp': { operationId: 'mcpEndSession', summary: 'Not offered: the MCP endpoint keeps no sessions (405)' },
};
