import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** A response that the OpenAPI description does not allow. */
export interface ContractViolation {
  readonly request: string;
  readonly status: number;
  readonly problem: string;
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
}
interface ResponseObject {
  readonly content?: Record<string, { schema?: object }>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
// Every test app describes the same API, so each schema is compiled once per worker.
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** Fastify's `/api/prompts/:id` as OpenAPI writes it: `/api/prompts/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Checks one response against the description: its route and method must be
 * described, its status listed (or covered by `default`), and a JSON body
 * must validate against that response's schema. Returns the problem, if any.
 */
export function checkResponse(
  document: OpenApiDocument,
  route: { method: string; url: string },
  status: number,
  contentType: string,
  body: string,
): string | undefined {
  const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
  if (!operation) return `${route.method} ${route.url} is not described`;
  const response = operation.responses?.[String(status)] ?? operation.responses?.default;
  if (!response) return `status ${status} is not described`;
  // An empty answer (204, a HEAD-like reply) has no content to describe.
  if (body === '') return undefined;
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  const content = response.content?.[mediaType];
  if (!content) return `content type ${mediaType} is not described for status ${status}`;
  if (mediaType !== 'application/json' || !content.schema) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  const validate = validatorFor(content.schema);
  if (validate(parsed)) return undefined;
  return ajv.errorsText(validate.errors);
}

/** A payload the app compressed itself (cached answers, http/shared-json.ts), decompressed. */
function decoded(payload: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  return payload;
}

/**
 * An onSend hook that checks every response the app gives against its own
 * OpenAPI description and records each mismatch. Responses without a route
 * (the 404 of an unknown path) and hidden routes (the docs page) are not
 * described, and neither are page routes without a schema, so those are not
 * checked; the OpenAPI test makes sure only page and docs routes lack one.
 */
export function contractChecker(app: FastifyInstance): {
  hook: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  violations: ContractViolation[];
} {
  const violations: ContractViolation[] = [];
  let document: OpenApiDocument | undefined;
  const hook = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { url, method, schema } = request.routeOptions;
    // Routes without a schema (pages) and hidden ones (the docs UI) are not in the description.
    if (url === undefined || method === 'HEAD' || !schema || (schema as { hide?: boolean }).hide) return payload;
    document ??= app.swagger() as unknown as OpenApiDocument;
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? decoded(payload, reply.getHeader('content-encoding')).toString('utf8')
          : '';
    const contentType = String(reply.getHeader('content-type') ?? '');
    const problem = checkResponse(document, { method: String(request.method), url }, reply.statusCode, contentType, body);
    if (problem) violations.push({ request: `${request.method} ${request.url}`, status: reply.statusCode, problem });
    return payload;
  };
  return { hook, violations };
}
