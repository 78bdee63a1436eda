import { reportInputSchema, reportResultSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requiredUserId } from '../http/user-id';
import type { ReportsService } from './service';

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  // 201 the first time a visitor reports a target, 200 for a repeat.
  app.post(
    '/api/reports',
    { schema: { body: reportInputSchema, response: { 200: reportResultSchema, 201: reportResultSchema } } },
    async (request, reply) => {
      const { firstTime } = await reports.report(request.body, requiredUserId(request));
      reply.code(firstTime ? 201 : 200);
      return { reported: true as const };
    },
  );
};
