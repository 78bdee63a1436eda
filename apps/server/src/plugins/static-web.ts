import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { SITE_NAME, isAppPagePath, linkPreviewText, promptPath } from '@prompt-vault/shared/site';
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
  /** Origin of absolute links in link previews (config PUBLIC_URL). */
  readonly publicUrl: string;
  /** A visible prompt by id, for its permalink page's link preview. */
  readonly findPrompt: (id: string) => Promise<Prompt | undefined>;
  /** The methods the API answers on a path (http/allowed-methods.ts), for 405s. */
  readonly allowedMethods: (path: string) => string[];
}

/** What a shared link shows: the page's title, description and canonical URL. */
export interface LinkPreview {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly type: 'website' | 'article';
}

function metaTags(names: Record<string, string>): string {
  return Object.entries(names)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`)
    .join('');
}

/** Title, description, Open Graph and Twitter card tags, every value escaped. */
export function previewTags(preview: LinkPreview): string {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
    metaTags({ description: preview.description }),
    property('og:type', preview.type),
    property('og:site_name', SITE_NAME),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', preview.url),
    metaTags({ 'twitter:card': 'summary', 'twitter:title': preview.title, 'twitter:description': preview.description }),
  ].join('');
}

/**
 * The built index.html with the site's meta tags and a page's link preview
 * in place of the placeholder; the template's own <title> and description
 * give way to the preview's (unfurlers read the first they find).
 * Replacements are functions, so a `$&` in a title stays literal.
 */
export function renderPage(template: string, siteMeta: Record<string, string>, preview: LinkPreview): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace(META_PLACEHOLDER, () => metaTags(siteMeta) + previewTags(preview));
}

export function promptPreview(prompt: Prompt, publicUrl: string): LinkPreview {
  return {
    title: `${prompt.title} · ${SITE_NAME}`,
    description: linkPreviewText(prompt.prompt),
    url: `${publicUrl}${promptPath(prompt._id)}`,
    type: 'article',
  };
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
  const sitePreview: LinkPreview = {
    title: `${MESSAGES.library.title} · ${SITE_NAME}`,
    description: MESSAGES.library.subtitle,
    url: `${options.publicUrl}/`,
    type: 'website',
  };
  const page = renderPage(template, options.siteMeta, sitePreview);

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  const sendIndex = (reply: FastifyReply) => sendHtml(reply, page);

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: true,
    // The build wrote .br and .gz copies beside each text asset (apps/web
    // vite-plugins/precompress.ts): sent with Content-Encoding to clients
    // that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // Our own Cache-Control below: hashed assets forever, the rest for an hour.
    cacheControl: false,
    setHeaders(reply, path) {
      const immutable = path.includes(`${join(options.root, 'assets')}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/', (_request, reply) => sendIndex(reply));
  // A permalink carries its prompt's link preview, so a shared link shows the
  // prompt in chats and on social sites, which do not run the app's script.
  // An unknown or hidden prompt gets the app (which shows its not-found state) with a 404.
  app.get<{ Params: { id: string } }>('/prompts/:id', async (request, reply) => {
    const prompt = await options.findPrompt(request.params.id);
    if (!prompt) return sendHtml(reply, page, 404);
    return sendHtml(reply, renderPage(template, options.siteMeta, promptPreview(prompt, options.publicUrl)));
  });
  app.get('/index.html', (_request, reply) => sendIndex(reply));

  // What is no page of the app is answered honestly: a missing file (an old
  // index.html asking for a chunk that is gone, a source map, /favicon.ico,
  // /.env) gets a small JSON 404, never the app's HTML, so a script tag fails
  // at once; any other unknown path gets the app, which shows its not-found
  // page, with status 404 so crawlers do not index it.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (!isGet || path === '/api' || path.startsWith('/api/') || looksLikeFile(path)) {
      return sendApiNotFound(request, reply, options.allowedMethods);
    }
    if (!isAppPagePath(path)) return sendHtml(reply, page, 404);
    // Each page is its own canonical URL (a canonical link to the home page
    // would tell search engines that every page is the home page).
    return sendHtml(reply, renderPage(template, options.siteMeta, { ...sitePreview, url: `${options.publicUrl}${path}` }));
  });
}

/** A path whose last segment has a dot (`app.js`, `favicon.ico`, `.env`) or that lies under /assets/. */
function looksLikeFile(path: string): boolean {
  return path.startsWith('/assets/') || (path.split('/').pop() ?? '').includes('.');
}

/** Without a built web app (API tests), every unknown path is a JSON 404 (or 405). */
export function registerApiNotFound(app: FastifyInstance, allowedMethods: (path: string) => string[]): void {
  app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply, allowedMethods));
}

/** 405 with Allow when the path is known under other methods, else 404; both in the one error shape. */
function sendApiNotFound(request: FastifyRequest, reply: FastifyReply, allowedMethods: (path: string) => string[]): FastifyReply {
  const fullPath = request.url.split('?')[0] ?? '';
  const path = fullPath.slice(0, 200);
  const allowed = allowedMethods(fullPath);
  if (allowed.length > 0) {
    return reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .send({ error: ERROR_CODES.methodNotAllowed, message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}` });
  }
  return reply.code(404).send({ error: ERROR_CODES.notFound, message: `No route for ${request.method} ${path}` });
}
