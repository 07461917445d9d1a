import { answers, currentUserSchema, doneSchema, loginInput } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessError, ok, warn } from '../../lib/envelope.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { AppContext } from '../../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { lockNoticeMail } from './lock-notice.ts';
import { checkCredentials, refusesDemoUsers } from './login.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const mailer = createMailer({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, db: ctx.database.db, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });
  const refuseDemo = refusesDemoUsers(ctx.config);

  app.get(
    '/api/user/current',
    { schema: { tags: ['auth'], summary: '当前用户与 RSA 公钥', response: answers(currentUserSchema) } },
    async (request) => ok({ exponent: ctx.cipher.exponentHex, modulus: ctx.cipher.modulusHex, loginUser: request.user }),
  );

  app.post(
    '/api/login',
    {
      schema: { tags: ['auth'], summary: '登录（密码 RSA-OAEP 加密）', body: loginInput, response: answers(doneSchema) },
      config: { rateLimit: ctx.authRateLimit },
    },
    async (request, reply) => {
      const password = ctx.cipher.decrypt(request.body.password);
      if (password === null) throw new BusinessError('密码加密数据无效，请刷新页面后重试');
      const user = await checkCredentials(ctx.database.db, request.body.username, password, {
        refuseDemo,
        onLock: ({ user: locked, lockedUntil }) => {
          request.log.warn({ userId: locked.id, lockedUntil }, 'account locked after wrong passwords');
          if (locked.email) mailer.sendLater(lockNoticeMail(locked.email, locked.loginName, lockedUntil));
        },
      });
      const { token, replacedSessions } = await ctx.sessions.open(user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(request.protocol === 'https'));
      request.log.info({ userId: user.id, replacedSessions }, 'login');
      // SPEC §4: a second login ends the older session and answers AlreadyOnLine, which counts as success.
      return replacedSessions > 0 ? warn('AlreadyOnLine') : ok('登录成功');
    },
  );

  app.post('/api/logout', { schema: { tags: ['auth'], summary: '退出登录', response: answers(doneSchema) } }, async (request, reply) => {
    if (request.sessionId) await ctx.sessions.end(request.sessionId, 'LOGOUT');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok('已退出登录');
  });
};
