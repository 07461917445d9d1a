import { authApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessError, ok, warn } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { AppContext } from '../../context.ts';
import { createMailer } from '../mail/index.ts';
import { lockNoticeMail } from './lock-notice.ts';
import { checkCredentials, refusesDemoUsers } from './login.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const mailer = createMailer({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, db: ctx.database.db, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });
  const refuseDemo = refusesDemoUsers(ctx.config);

  serve(app, api.current, async (request) =>
    ok({ exponent: ctx.cipher.exponentHex, modulus: ctx.cipher.modulusHex, loginUser: request.user }),
  );

  serve(
    app,
    api.login,
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
    { config: { rateLimit: ctx.authRateLimit } },
  );

  serve(app, api.logout, async (request, reply) => {
    if (request.sessionId) await ctx.sessions.end(request.sessionId, 'LOGOUT');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok('已退出登录');
  });
};
