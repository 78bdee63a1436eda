import type { FastifyInstance } from 'fastify';

/** A route's URL pattern as a regular expression (`:param` and `*` match a segment or the rest). */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods each registered route answers, so an unknown method on a known
 * path gets 405 with `Allow` instead of a 404 (RFC 9110 section 15.5.6).
 * Call before any route is registered: it learns them from the onRoute hook.
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    // The web app's catch-all asset route is not a method contract.
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: patternOf(route.url), methods });
  });
  return (path) => {
    const allowed = new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods));
    return [...allowed].sort();
  };
}
