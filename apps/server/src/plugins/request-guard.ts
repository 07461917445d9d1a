import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The local control route (control/local-control.ts): the commands' way into a server that holds the
 * embedded database, proven by the token in the lock file. A command is not a browser.
 */
export interface LocalControlCaller {
  /** The route pattern every local control route starts with, e.g. `/api/local/`. */
  routePrefix: string;
  /** The request header carrying the token. */
  header: string;
  /** The lock file's token. */
  token: string;
}

function isLocalCommand(request: FastifyRequest, local: LocalControlCaller, expected: Buffer): boolean {
  // The route that will run (its pattern, after the router decoded the URL), never the raw URL.
  if (!request.routeOptions.url?.startsWith(local.routePrefix)) return false;
  const given = Buffer.from(String(request.headers[local.header] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Anti-forgery for state-changing calls: the SPEC's XMLHttpRequest marker (a cross-site form cannot
 * set it) plus an Origin among the configured public origins — never compared with the request's
 * Host, which the caller chooses.
 *
 * It guards every unsafe method whatever the path: the router decodes `/%61pi/login` to
 * `/api/login`, so any decision on the raw URL could disagree with the route that runs. The portal
 * has no state-changing route outside `/api`, so nothing legitimate is lost.
 *
 * One exemption (issue 37): a call whose matched route is a local control route and that carries the
 * lock file's token is a command on this machine, not a browser — no marker or origin rule applies
 * (`npm run backup` failed with 请求来源不被允许 against a server started with PUBLIC_ORIGIN). The token
 * opens no other route, and the local control route checks token and loopback address again itself.
 */
export const requestGuardPlugin = fp(
  async (app: FastifyInstance, opts: { allowedOrigins: string[]; localControl?: LocalControlCaller }) => {
    const allowed = new Set(opts.allowedOrigins);
    const local = opts.localControl?.token ? opts.localControl : undefined;
    const expected = Buffer.from(local?.token ?? '');
    // A callback hook (no promise per request); answering without done() ends the request.
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      if (local && isLocalCommand(request, local, expected)) return done();
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
  },
);
