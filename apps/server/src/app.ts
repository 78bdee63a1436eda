import { BODY_LIMIT_BYTES } from '@prompt-vault/shared/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsRoutes } from './analytics/routes';
import { type LibraryWrites, localLibraryWrites } from './cache/library-writes';
import { type AppCaches, createAppCaches } from './cache/app-caches';
import { connectRedisLibraryWrites } from './cache/redis-library-writes';
import { createAnalyticsService } from './analytics/service';
import { commentRoutes } from './comments/routes';
import { createCommentsService } from './comments/service';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { facetRoutes } from './facets/routes';
import { feedRoutes } from './feeds/routes';
import { createFeedsService } from './feeds/service';
import { createFacetsService } from './facets/service';
import { suggestionRoutes } from './suggestions/routes';
import { createSuggestionsService } from './suggestions/service';
import { similarRoutes } from './similar/routes';
import { createSimilarService } from './similar/service';
import { healthRoutes } from './health/routes';
import { adminRoutes } from './moderation/routes';
import { createModerationService } from './moderation/service';
import { TIMEOUT_CHECK_INTERVAL_MS, clientErrorHandler } from './plugins/client-errors';
import { registerClosingGuard } from './plugins/closing';
import { registerCompression } from './plugins/compression';
import { registerConditionalRequests } from './plugins/conditional-requests';
import { connectRateLimitRedis, registerRateLimits } from './plugins/rate-limit';
import { registerRejectNul } from './plugins/reject-nul';
import { registerSecurityHeaders } from './plugins/security-headers';
import { reportRoutes } from './reports/routes';
import { createReportsService } from './reports/service';
import { trackAllowedMethods } from './http/allowed-methods';
import { parseQueryString } from './http/query-string';
import { rememberingQueryValidation } from './http/remembered-query-validation';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerApiNotFound, registerStaticWeb } from './plugins/static-web';
import { mcpRoutes } from './mcp/routes';
import { promptRoutes } from './prompts/routes';
import { createPromptsService } from './prompts/service';

/** A hop count trusts that many proxies in front of us, as proxy-addr does. */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * With REDIS_URL, every instance hears of every other's writes at once
 * (cache/redis-library-writes.ts); without it, of its own only.
 */
async function libraryWrites(config: Config, caches: AppCaches, app: FastifyInstance): Promise<LibraryWrites> {
  if (!config.redisUrl) return localLibraryWrites(caches);
  const writes = await connectRedisLibraryWrites({ redisUrl: config.redisUrl, namespace: config.redisNamespace, caches, log: app.log });
  // Closed with the app; announcements still being sent are waited for (briefly: commands fail fast).
  app.addHook('onClose', () => writes.close());
  return writes;
}

export interface AppDependencies {
  readonly database: DatabaseHandle;
  /** The built web app to serve; without it only the API is served. */
  readonly webRoot?: string;
  /** Overrides the configured log level (tests pass 'silent'). */
  readonly logLevel?: string;
  /** Called first on the bare instance, so tests can add hooks that see every route and response. */
  readonly instrument?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole application (plugins, routes, error handling) without
 * listening, so tests can call `inject()` on it.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const base = Fastify({
    logger: { level: deps.logLevel ?? config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids of odd shapes and long search strings must reach our handlers (and
    // get a clean 404 or 400) rather than Fastify's 414.
    routerOptions: { maxParamLength: 1000, querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler,
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    clientErrorHandler,
    // registerClosingGuard answers requests that arrive while closing, in the one error shape.
    return503OnClosing: false,
  });
  deps.instrument?.(base);
  base.setValidatorCompiler(rememberingQueryValidation(validatorCompiler));
  base.setSerializerCompiler(serializerCompiler);
  const allowedMethods = trackAllowedMethods(base);
  registerErrorHandler(base);
  registerJsonBodyParser(base);
  registerClosingGuard(base);
  registerRejectNul(base);
  await registerSecurityHeaders(base, { corsOrigins: config.corsOrigins });
  if (config.rateLimit) {
    await registerRateLimits(base, {
      rules: config.rateLimits,
      redis: config.redisUrl ? await connectRateLimitRedis(config.redisUrl, base) : undefined,
      namespace: `${config.redisNamespace}rate-limit:`,
    });
  }
  const app = base.withTypeProvider<ZodTypeProvider>();

  await registerConditionalRequests(base);
  await registerCompression(base);
  await registerOpenApi(base, { publicUrl: config.publicUrl });

  const { db } = deps.database;
  const caches = createAppCaches();
  // The unpaged lists' spool files are closed with the app, not left for the garbage collector to find.
  base.addHook('onClose', () => caches.fullLists.forgetAll());
  const writes = await libraryWrites(config, caches, base);
  const promptsService = createPromptsService(deps.database, caches, writes);
  await app.register(promptRoutes, { prompts: promptsService });
  await app.register(commentRoutes, { comments: createCommentsService(db, writes) });
  const facetsService = createFacetsService(db, caches);
  await app.register(facetRoutes, { facets: facetsService });
  await app.register(suggestionRoutes, { suggestions: createSuggestionsService(deps.database, caches, promptsService) });
  await app.register(similarRoutes, { similar: createSimilarService(deps.database) });
  await app.register(analyticsRoutes, { analytics: createAnalyticsService(db, caches) });
  await app.register(healthRoutes, { db });
  await app.register(feedRoutes, { feeds: createFeedsService(promptsService, config.publicUrl) });
  await app.register(reportRoutes, { reports: createReportsService(db) });
  await base.register(mcpRoutes, { prompts: promptsService, facets: facetsService, publicUrl: config.publicUrl });
  if (config.adminToken) {
    // Without ADMIN_TOKEN the moderation API does not exist (404), rather than refusing.
    await app.register(adminRoutes, { moderation: createModerationService(db, writes), adminToken: config.adminToken });
  }

  if (deps.webRoot) {
    await registerStaticWeb(base, {
      root: deps.webRoot,
      siteMeta: { 'pv:contact-email': config.contactEmail, 'pv:donation-url': config.donationUrl },
      publicUrl: config.publicUrl,
      findPrompt: (id) => promptsService.find(id),
      allowedMethods,
    });
  } else {
    registerApiNotFound(base, allowedMethods);
  }
  return base;
}
