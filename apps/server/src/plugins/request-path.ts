import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The lean request path (issue 11), found by profiling the authenticated fund-flow list under load:
 * - one log line per API call when it is answered (method, path, status, time), instead of Fastify's
 *   two per request for every file; static files log only warnings (plugins/static-assets.ts);
 * - helmet's document headers (CSP, frame, opener, referrer …) only where documents are served: a
 *   JSON answer gets `nosniff` alone, and authenticated answers `no-store` (plugins/auth.ts).
 * Register before helmet: its route hook must see `helmet: false` on API routes.
 */
export const requestPathPlugin = fp(async (app: FastifyInstance) => {
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

  app.addHook('onRoute', (route) => {
    if (isApi(route.url) && (route as { helmet?: unknown }).helmet === undefined) (route as { helmet?: unknown }).helmet = false;
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) reply.header('x-content-type-options', 'nosniff');
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'answered');
    done();
  });
});
