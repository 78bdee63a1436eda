import {
  copyResultSchema,
  countQuerySchema,
  likeInputSchema,
  likeResultSchema,
  listQuerySchema,
  promptCountSchema,
  promptInputSchema,
  promptSchema,
} from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendSharedJson } from '../http/shared-json';
import { createSpooledJsonSender } from '../http/spooled-json';
import { copyUserId, optionalUserId, requiredUserId } from '../http/user-id';
import type { PromptsService } from './service';

const idParams = z.object({ id: z.string() });

export const promptRoutes: FastifyPluginAsyncZod<{ prompts: PromptsService }> = async (app, { prompts }) => {
  // The unpaged list's compressed forms, kept until the app closes.
  const spooledJson = createSpooledJsonSender();
  app.addHook('onClose', async () => spooledJson.close());

  app.get(
    '/api/prompts',
    {
      schema: { querystring: listQuerySchema, response: { 200: z.array(promptSchema) } },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.limit === undefined && query.liked !== 'true') {
        // The whole library: built once per write at most, and streamed (prompts/full-list.ts).
        const { list, patchPiece } = await prompts.fullList(query, optionalUserId(request));
        return spooledJson.send(request, reply, list, patchPiece);
      }
      const page = await prompts.list(query, optionalUserId(request));
      if (page.total !== undefined) reply.header('X-Total-Count', String(page.total));
      if (page.nextCursor) {
        const next = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) {
          if (value !== undefined && key !== 'cursor') next.set(key, String(value));
        }
        next.set('cursor', page.nextCursor);
        reply.header('Link', `</api/prompts?${next.toString()}>; rel="next"`);
      }
      // A cached page's prompts are shared by every visitor who liked none of them.
      return sendSharedJson(request, reply, page.prompts);
    },
  );

  // The total a page leaves out when counting costs more than the page (X-Total-Count absent; listing.ts).
  app.get('/api/prompts/count', { schema: { querystring: countQuerySchema, response: { 200: promptCountSchema } } }, async (request) => ({
    total: await prompts.count(request.query, optionalUserId(request)),
  }));

  app.get('/api/prompts/:id', { schema: { params: idParams, response: { 200: promptSchema } } }, async (request) =>
    prompts.get(request.params.id, optionalUserId(request)),
  );

  app.get('/api/prompts/:id/related', { schema: { params: idParams, response: { 200: z.array(promptSchema) } } }, async (request, reply) =>
    sendSharedJson(request, reply, await prompts.related(request.params.id, optionalUserId(request))),
  );

  app.post('/api/prompts', { schema: { body: promptInputSchema, response: { 201: promptSchema } } }, async (request, reply) => {
    const created = await prompts.create(request.body);
    reply.code(201).header('Location', `/api/prompts/${created._id}`);
    return created;
  });

  app.post(
    '/api/prompts/:id/like',
    { schema: { params: idParams, body: likeInputSchema, response: { 200: likeResultSchema } } },
    async (request) => prompts.like(request.params.id, requiredUserId(request), request.body.liked),
  );

  app.post('/api/prompts/:id/copy', { schema: { params: idParams, response: { 200: copyResultSchema } } }, async (request) =>
    prompts.copy(request.params.id, copyUserId(request)),
  );
};
