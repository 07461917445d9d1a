import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, sqlState } from '../db/transaction.ts';
import { BusinessError, ClientError, NotFoundError } from '../lib/envelope.ts';

/** PostgreSQL's unique_violation: two submissions raced past a check to one natural key. */
const UNIQUE_VIOLATION = '23505';
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后重试';

/** Maps every failure onto the contract: 400 names the field, 500 carries only a request id. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof BusinessError)
      return reply.code(200).send({ status: 'ERROR', message: err.message, ...(err.code ? { code: err.code } : {}) });
    if (err instanceof NotFoundError) return reply.code(404).send({ status: 'ERROR', message: err.message });
    if (err instanceof ClientError) return reply.code(err.statusCode).send({ status: 'ERROR', message: err.message });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || err.validationContext;
      return reply.code(400).send({ status: 'ERROR', message: `请求参数不正确：${field ?? ''} ${first?.message ?? ''}`.trim(), field });
    }
    // The loser of a race to a natural key (a double click creating a named record): refused like a
    // duplicate the check would have found, nothing written.
    if (sqlState(err) === UNIQUE_VIOLATION)
      return reply.code(200).send({ status: 'ERROR', message: '该记录已存在，请勿重复提交', code: 'DUPLICATE' });
    // The database stopped or restarting (issue 33): this request failed, the node lives on and
    // serves again once it is back; the client may retry with the same idempotency key.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ status: 'ERROR', message: DATABASE_UNAVAILABLE });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ status: 'ERROR', message: '上传内容过大' });
    if (status === 429) return reply.code(429).send({ status: 'ERROR', message: '操作过于频繁，请稍后再试' });
    if (status >= 400 && status < 500) return reply.code(status).send({ status: 'ERROR', message: err.message });
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 'ERROR', message: `服务器内部错误，请稍后重试（请求编号 ${request.id}）` });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the single-page app are answered by plugins/static-assets.ts.
    return reply.code(404).send({ status: 'ERROR', message: `接口不存在：${request.method} ${request.url.split('?')[0]}` });
  });
});
