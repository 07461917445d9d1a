import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser, SessionStore } from '../modules/auth/sessions.ts';

export const SESSION_COOKIE = 'factoring_sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a session, 403 without the authority. */
    requireUser(authority?: AuthUser['authority']): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Resolves the session cookie on every API call and offers the authority guard to routes. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionStore }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const resolved = await opts.sessions.resolve(token);
    if (resolved) {
      request.user = resolved.user;
      request.sessionId = resolved.sessionId;
    }
  });

  app.decorate('requireUser', (authority?: AuthUser['authority']) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) {
      await reply.code(401).send({ status: 'ERROR', message: '登录已失效，请重新登录' });
      return reply;
    }
    if (authority && request.user.authority !== authority) {
      await reply.code(403).send({ status: 'ERROR', message: '没有访问权限' });
      return reply;
    }
  });
});

/** The caller's enterprise id: the one scope every enterprise-owned query runs in. */
export function enterpriseOf(request: FastifyRequest): number {
  const id = request.user?.enterpriseId;
  if (!id) throw Object.assign(new Error('没有访问权限'), { statusCode: 403 });
  return id;
}
