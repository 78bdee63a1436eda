import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { FEED_PATH, ROBOTS_PATH, SITEMAP_PART_ROUTE, SITEMAP_PATH } from '@prompt-vault/shared/site';
import { AppError } from '../http/app-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedsService } from './service';

/** Feed readers and crawlers poll; five minutes of staleness costs nothing. */
const CACHE_CONTROL = 'public, max-age=300';

function textResponse(description: string, contentType: string) {
  return { 200: { description, content: { [contentType]: { schema: z.string() } } } };
}

export const feedRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  app.get(
    FEED_PATH,
    { schema: { summary: 'Atom feed of the 50 newest prompts', response: textResponse('An Atom 1.0 feed', 'application/atom+xml') } },
    async (_request, reply) =>
      reply
        .type('application/atom+xml; charset=utf-8')
        .header('Cache-Control', CACHE_CONTROL)
        .send(await feeds.atom()),
  );

  app.get(
    SITEMAP_PATH,
    {
      schema: {
        summary: "Sitemap of the site's pages and prompts",
        response: textResponse('A sitemap (sitemaps.org 0.9)', 'application/xml'),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', CACHE_CONTROL)
        .send(await feeds.sitemap()),
  );

  app.get(
    SITEMAP_PART_ROUTE,
    {
      schema: {
        summary: 'One part of the sitemap index (libraries past 50,000 URLs)',
        params: z.object({ part: z.string().max(20) }),
        response: textResponse('A sitemap (sitemaps.org 0.9) of up to 50,000 URLs', 'application/xml'),
      },
    },
    async (request, reply) => {
      const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.part)?.[1];
      const xml = part === undefined ? undefined : await feeds.sitemapPart(Number(part));
      if (xml === undefined) throw new AppError(404, ERROR_CODES.notFound, 'No such sitemap part');
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', CACHE_CONTROL).send(xml);
    },
  );

  app.get(
    ROBOTS_PATH,
    { schema: { summary: 'Rules for crawlers, naming the sitemap', response: textResponse('robots.txt (RFC 9309)', 'text/plain') } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE_CONTROL).send(feeds.robots()),
  );
};
