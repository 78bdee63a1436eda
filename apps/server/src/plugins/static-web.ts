import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../http/escape-html';

/** Where the built index.html receives the server's per-request meta tags. */
export const META_PLACEHOLDER = '<!--app-meta-->';

export interface PageMeta {
  /** `<meta name=... content=...>` pairs, escaped on output. */
  readonly names: Record<string, string>;
}

export interface StaticWebOptions {
  /** The built web app (apps/web/dist). */
  readonly root: string;
  /** Meta tags every page carries (contact e-mail, donation link). */
  readonly siteMeta: Record<string, string>;
}

function metaTags(names: Record<string, string>): string {
  return Object.entries(names)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`)
    .join('');
}

/**
 * Serves the built React app on the API's origin: hashed assets with a long
 * cache life, and index.html (with the site's meta tags) for every client
 * route, so deep links and reloads work. Unknown /api paths stay JSON 404s.
 */
export async function registerStaticWeb(app: FastifyInstance, options: StaticWebOptions): Promise<void> {
  const indexPath = join(options.root, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`The web app is not built: ${indexPath} is missing. Run 'npm run build'.`);
  }
  const template = readFileSync(indexPath, 'utf8');
  const page = template.replace(META_PLACEHOLDER, metaTags(options.siteMeta));

  const sendIndex = (reply: FastifyReply) =>
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: true,
    // Our own Cache-Control below: hashed assets forever, the rest for an hour.
    cacheControl: false,
    setHeaders(response, path) {
      const immutable = path.includes(`${join(options.root, 'assets')}`);
      response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
    return isPage ? sendIndex(reply) : sendApiNotFound(request, reply);
  });
}

/** Without a built web app (API tests), every unknown path is a JSON 404. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(sendApiNotFound);
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  return reply.code(404).send({ error: ERROR_CODES.notFound, message: `No route for ${request.method} ${path}` });
}
