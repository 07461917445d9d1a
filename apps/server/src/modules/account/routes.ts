import { accountApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { listMySessions, revokeMySession } from '../auth/index.ts';
import { createMailer } from '../mail/index.ts';
import { activate } from './activate.ts';
import { issueChallenge } from './challenge.ts';
import { changePassword } from './change-password.ts';
import { activationMail, linkOrigin, resetMail } from './mails.ts';
import { prepareAccountMail, resetPassword, SAME_ANSWER } from './recover.ts';
import { register } from './register.ts';
import { answering } from './rules.ts';
import { checkToken } from './tokens.ts';

/** Registration, activation, password recovery and change, and the caller's own sessions (PRODUCT §3). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  const mailer = createMailer({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, db, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const limited = { config: { rateLimit: ctx.authRateLimit } };

  serve(app, api.challenge, async () => ok(await issueChallenge(db)), limited);

  serve(
    app,
    api.register,
    async (request) =>
      answering(async () => {
        const { user, token } = await register(db, ctx.cipher, request.body);
        await mailer.send(activationMail(user.email, user.loginName, linkOrigin(ctx.config), token));
        request.log.info({ userId: user.id }, 'registered');
        return ok({ loginName: user.loginName, email: user.email });
      }),
    limited,
  );

  serve(app, api.activate, async (request) => answering(async () => ok(await activate(db, request.body.token))), limited);

  serve(
    app,
    api.checkToken,
    async (request) =>
      answering(async () => {
        const row = await checkToken(db, request.query.token, request.query.purpose === 'reset' ? 'RESET' : 'ACTIVATE');
        return ok({ expiresAt: row.expiresAt });
      }),
    limited,
  );

  serve(
    app,
    api.resendActivation,
    async (request) =>
      answering(async () => {
        const mail = await prepareAccountMail(db, request.body.account, 'ACTIVATE');
        if (mail) mailer.sendLater(activationMail(mail.email, mail.loginName, linkOrigin(ctx.config), mail.token));
        return ok(SAME_ANSWER.ACTIVATE);
      }),
    limited,
  );

  serve(
    app,
    api.forgetPassword,
    async (request) =>
      answering(async () => {
        const mail = await prepareAccountMail(db, request.body.account, 'RESET');
        if (mail) mailer.sendLater(resetMail(mail.email, mail.loginName, linkOrigin(ctx.config), mail.token));
        return ok(SAME_ANSWER.RESET);
      }),
    limited,
  );

  serve(
    app,
    api.resetPassword,
    async (request) =>
      answering(async () => {
        const user = await resetPassword(db, ctx.cipher, ctx.sessions, request.body);
        request.log.info({ userId: user.id }, 'password reset');
        return ok({ loginName: user.loginName });
      }),
    limited,
  );

  serve(
    app,
    api.changePassword,
    async (request) =>
      answering(async () => {
        await changePassword(db, ctx.cipher, ctx.sessions, { userId: request.user!.id, sessionId: request.sessionId! }, request.body);
        request.log.info({ userId: request.user!.id }, 'password changed');
        return ok('密码已修改，其他设备上的登录已退出');
      }),
    limited,
  );

  serve(app, api.sessions, async (request) =>
    ok(await listMySessions(db, request.user!.id, request.sessionId!, ctx.config.SESSION_IDLE_MINUTES)),
  );

  serve(app, api.revokeSession, async (request) => {
    await revokeMySession(db, ctx.sessions, request.user!.id, request.sessionId!, request.body.id);
    return ok('该会话已退出');
  });
};
