import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

/**
 * Graceful shutdown: once close() starts, requests already running finish
 * normally but their answers carry `Connection: close` (otherwise a kept-alive
 * connection would hold close() open until its keep-alive timeout); a request
 * that only completes its headers after close() began gets a 503 in the one
 * error shape, so clients retry elsewhere.
 * (Fastify's own 503 while closing has a different body, so it is turned off
 * with return503OnClosing: false in app.ts.)
 */
export function registerClosingGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError(503, ERROR_CODES.unavailable, 'The server is restarting. Please try again shortly.');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
