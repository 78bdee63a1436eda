import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { FastifyInstance, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { RATE_BUDGETS, type RateBudget, type RateLimitRule } from '../config';
import { AppError } from '../http/app-error';

const WRITE_BUDGETS: Record<string, RateBudget> = {
  'POST /api/prompts': 'submit',
  'POST /api/comments/:promptId': 'notes',
  'POST /api/prompts/:id/like': 'likes',
  'POST /api/prompts/:id/copy': 'copies',
  'POST /api/reports': 'reports',
};

/** The web app's shell and static files (plugins/static-web.ts): cheap, cacheable, never limited. */
const UNLIMITED_ROUTES = new Set(['/api/health', '/', '/index.html', '/*']);

/**
 * The budget a route draws on: the five anonymous writes each have their own,
 * every other route that answers from the database (the API, and pages such
 * as feeds or link previews) shares 'reads'. Not limited: the health check
 * (load balancers poll it) and the web app's shell and static files.
 */
export function budgetFor(method: string, url: string): RateBudget | undefined {
  if (UNLIMITED_ROUTES.has(url)) return undefined;
  return WRITE_BUDGETS[`${method} ${url}`] ?? 'reads';
}

export interface RateLimitOptions {
  readonly rules: Readonly<Record<RateBudget, RateLimitRule>>;
  /** Shared counters for every instance; without it each instance counts in memory. */
  readonly redis?: Redis;
  /** Prefix of the Redis keys, so several deployments (or test runs) can share one Redis. */
  readonly namespace: string;
}

/**
 * Per-client-IP rate limits (the IP honours TRUST_PROXY through Fastify's
 * request.ip). A limited request gets 429 in the one error shape with
 * Retry-After. If Redis fails, requests are let through rather than refused:
 * an outage of the limiter must not become an outage of the site.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: options.namespace } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited(seconds));
    },
  });

  const handlers = Object.fromEntries(
    RATE_BUDGETS.map((budget) => {
      const rule = options.rules[budget];
      const limit = app.rateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        // One counter per budget and client, shared by every route of the budget.
        keyGenerator: (request) => `${budget}:${normalizeIP(request.ip)}`,
      });
      const handler: onRequestAsyncHookHandler = async function (request, reply) {
        await limit.call(this, request, reply);
      };
      return [budget, handler];
    }),
  ) as Record<RateBudget, onRequestAsyncHookHandler>;

  app.addHook('onRoute', (route: RouteOptions) => {
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const budget = budgetFor(String(method), route.url);
    if (budget === undefined) return;
    const existing = route.onRequest;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.onRequest = [...hooks, handlers[budget]];
  });
}

/**
 * The Redis client for shared counters. Commands fail fast while Redis is
 * unreachable (no offline queue), so a request is never held up by it; the
 * limiter then lets requests through (skipOnError) until Redis is back.
 */
export async function connectRateLimitRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  try {
    await redis.connect();
  } catch (error) {
    app.log.warn({ err: error }, 'rate-limit redis unreachable at start; limits apply once it answers');
  }
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}
