import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { moderationResultSchema, reportSummarySchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../http/app-error';
import { bearerToken, tokenMatches } from './admin-token';
import type { ModerationService } from './service';

const idParams = z.object({ id: z.string() });
const ACTIONS = { hide: 'hidden', unhide: 'visible' } as const;

export interface AdminRoutesOptions {
  readonly moderation: ModerationService;
  readonly adminToken: string;
}

/** The moderators' API; registered only when ADMIN_TOKEN is set. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { moderation, adminToken }) => {
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !tokenMatches(token, adminToken)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError(401, ERROR_CODES.unauthorized, 'A valid admin token is required');
    }
  });

  app.get('/api/admin/reports', { schema: { response: { 200: z.array(reportSummarySchema) } } }, async () => moderation.listReports());

  for (const [action, status] of Object.entries(ACTIONS)) {
    app.post(
      `/api/admin/prompts/:id/${action}`,
      { schema: { params: idParams, response: { 200: moderationResultSchema } } },
      async (request) => moderation.setPromptStatus(request.params.id, status),
    );
    app.post(
      `/api/admin/comments/:id/${action}`,
      { schema: { params: idParams, response: { 200: moderationResultSchema } } },
      async (request) => moderation.setCommentStatus(request.params.id, status),
    );
  }
};
