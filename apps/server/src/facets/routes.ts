import { facetsSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSharedJson } from '../http/shared-json';
import type { FacetsService } from './service';

export const facetRoutes: FastifyPluginAsyncZod<{ facets: FacetsService }> = async (app, { facets }) => {
  app.get('/api/facets', { schema: { response: { 200: facetsSchema } } }, async (request, reply) =>
    sendSharedJson(request, reply, await facets.get()),
  );
};
