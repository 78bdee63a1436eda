import { commentInputSchema, commentSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalUserId } from '../http/user-id';
import type { CommentsService } from './service';

const promptParams = z.object({ promptId: z.string() });

export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  // The spec's call: an unknown prompt simply has no notes.
  app.get('/api/comments/:promptId', { schema: { params: promptParams, response: { 200: z.array(commentSchema) } } }, async (request) =>
    comments.list(request.params.promptId),
  );

  app.post(
    '/api/comments/:promptId',
    { schema: { params: promptParams, body: commentInputSchema, response: { 201: commentSchema } } },
    async (request, reply) => {
      const created = await comments.create(request.params.promptId, request.body, optionalUserId(request));
      reply.code(201);
      return created;
    },
  );
};
