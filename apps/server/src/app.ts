import { BODY_LIMIT_BYTES } from '@prompt-vault/shared/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsRoutes } from './analytics/routes';
import { createAppCaches } from './cache/read-cache';
import { createAnalyticsService } from './analytics/service';
import { commentRoutes } from './comments/routes';
import { createCommentsService } from './comments/service';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { facetRoutes } from './facets/routes';
import { createFacetsService } from './facets/service';
import { healthRoutes } from './health/routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerApiNotFound, registerStaticWeb } from './plugins/static-web';
import { promptRoutes } from './prompts/routes';
import { createPromptsService } from './prompts/service';

/** A hop count trusts that many proxies in front of us, as proxy-addr does. */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export interface AppDependencies {
  readonly database: DatabaseHandle;
  /** The built web app to serve; without it only the API is served. */
  readonly webRoot?: string;
  /** Overrides the configured log level (tests pass 'silent'). */
  readonly logLevel?: string;
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
    routerOptions: { maxParamLength: 1000 },
  });
  base.setValidatorCompiler(validatorCompiler);
  base.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(base);
  registerJsonBodyParser(base);
  const app = base.withTypeProvider<ZodTypeProvider>();

  const { db, dialect } = deps.database;
  const caches = createAppCaches();
  await app.register(promptRoutes, { prompts: createPromptsService(db, dialect, caches) });
  await app.register(commentRoutes, { comments: createCommentsService(db, caches) });
  await app.register(facetRoutes, { facets: createFacetsService(db, caches) });
  await app.register(analyticsRoutes, { analytics: createAnalyticsService(db, caches) });
  await app.register(healthRoutes, { db });

  if (deps.webRoot) {
    await registerStaticWeb(base, {
      root: deps.webRoot,
      siteMeta: { 'pv:contact-email': config.contactEmail, 'pv:donation-url': config.donationUrl },
    });
  } else {
    registerApiNotFound(base);
  }
  return base;
}
