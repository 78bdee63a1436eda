import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The Content-Security-Policy of every page and answer: only this origin's
 * own scripts, styles, images and fonts; no inline script, no eval, no
 * plugins, and no framing (clickjacking). User text is rendered as text, and
 * this is the second line of defence if that ever fails.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

/**
 * The OpenAPI reference page (swagger-ui) needs inline styles and data:
 * images, so under this prefix style-src also allows 'unsafe-inline'.
 * Scripts stay 'self' only. (A plugin serving that page may set a policy of
 * its own on its answers, e.g. swagger-ui's staticCSP; that then replaces this one.)
 */
export const API_DOCS_PREFIX = '/api/docs';
const API_DOCS_DIRECTIVES = { ...CSP_DIRECTIVES, styleSrc: ["'self'", "'unsafe-inline'"] };

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** Origins allowed to call the API from other sites; empty keeps CORS closed. */
  readonly corsOrigins: readonly string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  // Added before helmet, so this hook runs before helmet's own onRoute hook reads route.helmet.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`)) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: API_DOCS_DIRECTIVES } };
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // HSTS only makes sense over TLS; it is added below when the request came over it.
    strictTransportSecurity: false,
  });

  // Over TLS (directly, or per X-Forwarded-Proto from a trusted proxy) browsers
  // are told to use HTTPS only from now on. Over plain HTTP the header would be
  // ignored at best and lock out a local deployment at worst.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });

  // Same-origin by design: the web app and the API share one origin, so CORS
  // stays closed (no plugin, no headers) unless CORS_ORIGINS opens it.
  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...options.corsOrigins],
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['content-type', 'user-id'],
      exposedHeaders: ['x-total-count', 'link', 'retry-after'],
      credentials: false,
      maxAge: 600,
    });
  }
}
