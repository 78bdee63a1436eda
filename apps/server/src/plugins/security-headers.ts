import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every page and answer: only this origin's
 * own scripts, styles, images and fonts; no inline script, no eval, no
 * plugins, and no framing (clickjacking). User text is rendered as text, and
 * this is the second line of defence if that ever fails. (The API reference
 * page under /api/docs replaces it with a looser style-src of its own: see
 * plugins/openapi.ts.)
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

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** Origins allowed to call the API from other sites; empty keeps CORS closed. */
  readonly corsOrigins: readonly string[];
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  // HSTS only makes sense over TLS; it is added per request when the request came over it.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options. They depend on nothing in the
 * request (no nonces), so helmet runs once, against a recorder, instead of
 * per request: @fastify/helmet rebuilt the whole middleware, re-parsing the
 * CSP, on every request, which cost a few per cent of a cached list page.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Over TLS (directly, or per X-Forwarded-Proto from a trusted proxy)
    // browsers are told to use HTTPS only from now on. Over plain HTTP the
    // header would be ignored at best and lock out a local deployment at worst.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
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
