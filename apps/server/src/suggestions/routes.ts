import { suggestQuerySchema, suggestionSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SuggestionsService } from './service';

export const suggestionRoutes: FastifyPluginAsyncZod<{ suggestions: SuggestionsService }> = async (app, { suggestions }) => {
  app.get('/api/search/suggest', { schema: { querystring: suggestQuerySchema, response: { 200: suggestionSchema } } }, async (request) => ({
    suggestion: await suggestions.suggest(request.query.q),
  }));
};
