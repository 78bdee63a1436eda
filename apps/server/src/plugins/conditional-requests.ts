import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * ETags on answers and 304 Not Modified for a matching If-None-Match, so a
 * browser or crawler that already holds a page, a list page, the feed or the
 * sitemap downloads nothing. Cached API answers bring their own ETag,
 * computed once per cached value (http/shared-json.ts); other answers are
 * hashed as they leave, and built assets get theirs from the static plugin.
 * Weak validators: the same JSON is the same answer whatever its encoding.
 */
export async function registerConditionalRequests(app: FastifyInstance): Promise<void> {
  await app.register(fastifyEtag, { weak: true });
}
