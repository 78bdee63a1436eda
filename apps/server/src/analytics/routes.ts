import { analyticsSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSharedJson } from '../http/shared-json';
import type { AnalyticsService } from './service';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.get('/api/analytics', { schema: { response: { 200: analyticsSchema } } }, async (request, reply) =>
    sendSharedJson(request, reply, await analytics.get()),
  );
};
