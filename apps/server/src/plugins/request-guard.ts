import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Anti-forgery for state-changing calls: the SPEC's XMLHttpRequest marker (a cross-site form cannot
 * set it) plus an Origin among the configured public origins — never compared with the request's
 * Host, which the caller chooses.
 *
 * It guards every unsafe method whatever the path: the router decodes `/%61pi/login` to
 * `/api/login`, so any decision on the raw URL could disagree with the route that runs. The portal
 * has no state-changing route outside `/api`, so nothing legitimate is lost.
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance, opts: { allowedOrigins: string[] }) => {
  const allowed = new Set(opts.allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ status: 'ERROR', message: '请求缺少防伪标记' });
    }
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) {
      return reply.code(403).send({ status: 'ERROR', message: '请求来源不被允许' });
    }
  });
});
