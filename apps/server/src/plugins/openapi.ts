import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@prompt-vault/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATIONS, USER_ID_PARAMETER } from './openapi-operations';
import { budgetFor } from './rate-limit';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * The reference page's own Content-Security-Policy. Swagger UI loads only
 * scripts from its own folder (no inline script), but sets `style`
 * attributes and uses data: images, so styles and images are loosened here
 * and nowhere else. Set in an onSend hook of the docs routes only, it
 * replaces whatever site-wide policy (helmet) put on the response.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** Every error leaves in the one shape; the description says so for every operation. */
const errorResponse = {
  description: 'An error, in the one error shape `{ error, message, fields? }`',
  ...z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' }),
};
delete (errorResponse as { $schema?: string }).$schema;

const rateLimitedResponse = {
  ...errorResponse,
  description: 'Too many requests from this client: `RATE_LIMITED`, in the one error shape',
  headers: { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds until the client may try again' } },
};

const ADMIN_SECURITY_SCHEME = 'adminToken';

interface DescribedSchema {
  hide?: boolean;
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  headers?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

type Transform = typeof jsonSchemaTransform;

/**
 * The zod provider's transform, plus the shared error response on every
 * described route. A route without a schema serves pages or files (the web
 * app), not the API, and is left out; the OpenAPI test lists those routes.
 */
const transform: Transform = (input) => {
  if (!input.schema) return { schema: { hide: true }, url: input.url };
  const output = jsonSchemaTransform(input);
  const schema = output.schema as DescribedSchema;
  if (schema.hide) return output;
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
  const operation = OPERATIONS[`${method} ${input.url}`];
  const summary = schema.summary ?? operation?.summary;
  if (!operation || !summary) throw new Error(`${method} ${input.url} has no operationId or summary in plugins/openapi-operations.ts`);
  schema.operationId = operation.operationId;
  schema.summary = summary;
  schema.security = operation.admin ? [{ [ADMIN_SECURITY_SCHEME]: [] }] : [];
  if (operation.userId) {
    schema.headers = {
      type: 'object',
      properties: { [USER_ID_PARAMETER.name]: { ...USER_ID_PARAMETER.schema, description: USER_ID_PARAMETER.description } },
      ...(operation.userId === 'required' ? { required: [USER_ID_PARAMETER.name] } : {}),
    };
  }
  const response = { ...schema.response };
  if (operation.headers) {
    for (const code of Object.keys(response).filter((status) => status.startsWith('2'))) {
      response[code] = { ...(response[code] as object), headers: operation.headers };
    }
  }
  // Every operation the rate limits cover can answer 429, saying when to retry.
  if (budgetFor(method, input.url) !== undefined) response['429'] = rateLimitedResponse;
  schema.response = { ...response, '4XX': errorResponse, default: errorResponse };
  // Grouped in the reference by resource: /api/prompts/... under 'prompts'.
  schema.tags ??= [/^\/api\/([^/]+)/.exec(input.url)?.[1] ?? 'feeds'];
  return output;
};

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (which come from
 * packages/shared), served at /api/openapi.json, and a Swagger UI reference
 * at /api/docs. Registered before the routes, because @fastify/swagger
 * collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prompt Vault API',
        version: '1.0.0',
        description:
          'The public, account-less API of Prompt Vault. Visitors identify themselves only with the `user-id` header ' +
          "('user_' plus 8..64 characters), sent for likes and to learn which prompts they liked. " +
          'For bulk reads, page through `GET /api/prompts?limit=100` following the `Link: <...>; rel="next"` header. ' +
          'Reads and each kind of write are rate-limited per client IP (429 with `Retry-After`). ' +
          'Every POST sends `Content-Type: application/json`, even one without a body (415 otherwise). ' +
          'Assistants connect to the MCP endpoint at `/mcp` instead (docs/mcp.md).',
      },
      servers: [{ url: options.publicUrl, description: 'This Prompt Vault' }],
      components: {
        securitySchemes: {
          [ADMIN_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The ADMIN_TOKEN the server was started with (moderation only; without it those routes do not exist)',
          },
        },
      },
    },
    transform,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { url: OPENAPI_PATH, deepLinking: true },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This OpenAPI 3.1 description',
        tags: ['meta'],
        response: { 200: z.object({ openapi: z.string() }).loose() },
      },
    },
    async () => app.swagger(),
  );
}
