import { similarInputSchema, similarPromptsSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SimilarService } from './service';

/**
 * A read sent as POST because its input is a whole draft (up to 5,000
 * characters of text, too long for a query string). It writes nothing, so it
 * draws on the 'reads' rate budget like every other read (plugins/rate-limit.ts),
 * not on 'submit': asking while typing must never use up the right to share.
 */
export const similarRoutes: FastifyPluginAsyncZod<{ similar: SimilarService }> = async (app, { similar }) => {
  app.post('/api/prompts/similar', { schema: { body: similarInputSchema, response: { 200: similarPromptsSchema } } }, async (request) => ({
    similar: await similar.find(request.body),
  }));
};
