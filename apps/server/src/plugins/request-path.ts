import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The lean request path (issue 11), found by profiling the authenticated fund-flow list under load:
 * - one log line per call when it is answered (method, path, status, time), instead of Fastify's
 *   two, written by the app's log controller (`AnswerLog`, no onResponse hook); static files log only
 *   warnings (plugins/static-assets.ts);
 * - helmet's document headers (frame, opener, referrer …) only where documents are served: a JSON
 *   answer gets two constant headers — `nosniff` and a locked-down CSP, in case a browser is ever
 *   led to render one — and authenticated answers `no-store` (plugins/auth.ts).
 * Register before helmet: its route hook must see `helmet: false` on API routes.
 */
/** A JSON answer is never a document: it may load nothing and be framed by nobody. */
const API_CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const requestPathPlugin = fp(async (app: FastifyInstance) => {
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

  app.addHook('onRoute', (route) => {
    if (isApi(route.url) && (route as { helmet?: unknown }).helmet === undefined) (route as { helmet?: unknown }).helmet = false;
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url))
      reply.header('x-content-type-options', 'nosniff').header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    done();
  });
});

/**
 * The access log: one line per call when its answer is finished (Fastify calls the controller
 * directly when a route has no onResponse hook, so the line costs no hook run — issue 38). The request's
 * logger carries its id and its route's level (a static file's `warn` drops the line).
 */
export class AnswerLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'answered with an error');
    else reply.log.info(line, 'answered');
  }
}
