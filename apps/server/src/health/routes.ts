import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { healthSchema } from '@prompt-vault/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { pingDatabase } from './repository';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    try {
      await pingDatabase(db);
    } catch {
      throw new AppError(503, ERROR_CODES.unavailable, 'The database is not answering');
    }
    return { status: 'ok' as const };
  });
};
