import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Anti-forgery for state-changing calls: the SPEC's XMLHttpRequest marker (a cross-site form cannot
 * set it) plus a same-origin Origin header.
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance, opts: { allowedOrigins: string[] }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ status: 'ERROR', message: '请求缺少防伪标记' });
    }
    const origin = request.headers.origin;
    if (!origin || (origin !== requestOrigin(request) && !opts.allowedOrigins.includes(origin))) {
      return reply.code(403).send({ status: 'ERROR', message: '请求来源不被允许' });
    }
  });
});
