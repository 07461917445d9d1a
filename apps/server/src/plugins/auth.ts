import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { LoginUser } from '@factoring/domain';

/** The caller as the session resolves it: the contract's login user. */
export type AuthUser = LoginUser;

type ResolvedSession = Readonly<{ user: AuthUser; sessionId: string }> | null | undefined;

/**
 * What the plugin needs of the session store (modules/auth/sessions.ts): a cookie's token to its session —
 * at once when the store holds it (no promise on the common call, issue 38), or later.
 */
export interface SessionResolver {
  resolve(token: string): ResolvedSession | Promise<ResolvedSession>;
  /** Called when the app closes (the store's listening connection). */
  close?(): Promise<void>;
}

export const SESSION_COOKIE = 'factoring_sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a session, 403 without the authority ('warehouse': a warehouse company's user, ckFlag Y). */
    requireUser(authority?: Authority): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
}

type Authority = AuthUser['authority'] | 'warehouse';

const hasAuthority = (user: AuthUser, authority: Authority) =>
  authority === 'warehouse' ? user.authority === 'merchant' && user.ckFlag === 'Y' : user.authority === authority;

function identify(request: FastifyRequest, resolved: ResolvedSession) {
  if (!resolved) return;
  request.user = resolved.user;
  request.sessionId = resolved.sessionId;
}

/** Marks the guards `requireUser` makes, so the plugin can run them before validation. */
const AUTH_GUARD = Symbol('authGuard');
type Hook = ((request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => unknown) & { [AUTH_GUARD]?: true };

/**
 * Resolves the session cookie on every API call and offers the authority guard to routes.
 *
 * Routes write `preHandler: app.requireUser()`; every such guard is moved to the route's
 * `onRequest`, so an anonymous caller gets 401 before the body is parsed or validated (a 400 would
 * tell them the route's fields). Authenticated answers are never cached (`Cache-Control: no-store`).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionResolver }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onClose', async () => opts.sessions.close?.());

  // Callback hooks here and in the guard below (issue 11, the lean request path): every API call
  // runs them, and an async hook costs a promise and a microtask turn each even when it awaits nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // The routed path, as the router decoded it (`/%61pi/…` is `/api/…`), not the raw URL.
    if (!token || !request.routeOptions.url?.startsWith('/api/')) return done();
    const resolving = opts.sessions.resolve(token);
    if (!(resolving instanceof Promise)) {
      identify(request, resolving);
      return done();
    }
    resolving.then((resolved) => {
      identify(request, resolved);
      done();
    }, done);
  });

  app.addHook('onRoute', (route) => {
    const preHandlers = ([] as Hook[]).concat((route.preHandler as Hook | Hook[] | undefined) ?? []);
    const guards = preHandlers.filter((h) => h[AUTH_GUARD]);
    if (guards.length === 0) return;
    const others = preHandlers.filter((h) => !h[AUTH_GUARD]);
    route.preHandler = (others.length ? others : undefined) as typeof route.preHandler;
    route.onRequest = [...([] as Hook[]).concat((route.onRequest as Hook | Hook[] | undefined) ?? []), ...guards] as typeof route.onRequest;
  });

  // A callback hook, not an async one: it runs on every answer and has nothing to await.
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.user || reply.hasHeader('set-cookie')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.decorate('requireUser', (authority?: Authority) => {
    // Answering without calling done() ends the request here (Fastify's callback-hook contract).
    const guard: Hook = (request, reply, done) => {
      if (!request.user) reply.code(401).send({ status: 'ERROR', message: '登录已失效，请重新登录' });
      else if (authority && !hasAuthority(request.user, authority)) reply.code(403).send({ status: 'ERROR', message: '没有访问权限' });
      else done();
    };
    guard[AUTH_GUARD] = true;
    return guard as (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  });
});
