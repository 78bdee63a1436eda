import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@prompt-vault/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

type Transform = typeof jsonSchemaTransform;

/**
 * The zod provider's transform, plus the shared error response on every
 * described route. A route without a schema serves pages or files (the web
 * app), not the API, and is left out; the OpenAPI test lists those routes.
 */
const transform: Transform = (input) => {
  if (!input.schema) return { schema: { hide: true }, url: input.url };
  const output = jsonSchemaTransform(input);
  const schema = output.schema as { hide?: boolean; tags?: string[]; response?: Record<string, unknown> };
  if (schema.hide) return output;
  schema.response = { ...schema.response, default: errorResponse };
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
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prompt Vault API',
        version: '1.0.0',
        description:
          'The public, account-less API of Prompt Vault. Visitors identify themselves only with the `user-id` header ' +
          "('user_' plus 8..64 characters), sent for likes and to learn which prompts they liked. " +
          'For bulk reads, page through `GET /api/prompts?limit=100` following the `Link: <...>; rel="next"` header.',
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
