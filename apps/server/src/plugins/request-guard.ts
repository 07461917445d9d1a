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
  // A callback hook (no promise per request); answering without done() ends the request.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      reply.code(403).send({ status: 'ERROR', message: '请求缺少防伪标记' });
      return;
    }
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) {
      reply.code(403).send({ status: 'ERROR', message: '请求来源不被允许' });
      return;
    }
    done();
  });
});
