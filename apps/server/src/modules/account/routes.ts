import {
  accountNameInput,
  activatedSchema,
  activateInput,
  answers,
  challengeSchema,
  checkTokenQuery,
  doneSchema,
  linkAnswers,
  loginNameSchema,
  mySessionsSchema,
  registeredSchema,
  registerInput,
  resetPasswordInput,
  revokeSessionInput,
  tokenStateSchema,
} from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { activate } from './activate.ts';
import { issueChallenge } from './challenge.ts';
import { changePassword, changePasswordBody } from './change-password.ts';
import { activationMail, linkOrigin, resetMail } from './mails.ts';
import { listMySessions, revokeMySession } from './my-sessions.ts';
import { prepareAccountMail, resetPassword, SAME_ANSWER } from './recover.ts';
import { register } from './register.ts';
import { answering } from './rules.ts';
import { checkToken } from './tokens.ts';

/** Registration, activation, password recovery and change, and the caller's own sessions (PRODUCT §3). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  const mailer = createMailer({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, db, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const limited = { rateLimit: ctx.authRateLimit };

  app.get(
    '/api/reg/challenge',
    { schema: { tags: ['account'], summary: '注册防机器人校验：工作量证明题目', response: answers(challengeSchema) }, config: limited },
    async () => ok(await issueChallenge(db)),
  );

  app.post(
    '/api/reg/email',
    {
      schema: {
        tags: ['account'],
        summary: '注册（JSON，密码 RSA 加密，附工作量证明）',
        body: registerInput,
        response: linkAnswers(registeredSchema),
      },
      config: limited,
    },
    async (request) =>
      answering(async () => {
        const { user, token } = await register(db, ctx.cipher, request.body);
        await mailer.send(activationMail(user.email, user.loginName, linkOrigin(ctx.config), token));
        request.log.info({ userId: user.id }, 'registered');
        return ok({ loginName: user.loginName, email: user.email });
      }),
  );

  app.post(
    '/api/reg/activate',
    {
      schema: {
        tags: ['account'],
        summary: '激活账户（邮件链接中的令牌，一次有效，24 小时）',
        body: activateInput,
        response: linkAnswers(activatedSchema),
      },
      config: limited,
    },
    async (request) => answering(async () => ok(await activate(db, request.body.token))),
  );

  app.get(
    '/api/reg/checkToken',
    {
      schema: {
        tags: ['account'],
        summary: '检查邮件链接是否仍可使用',
        querystring: checkTokenQuery,
        response: linkAnswers(tokenStateSchema),
      },
      config: limited,
    },
    async (request) =>
      answering(async () => {
        const row = await checkToken(db, request.query.token, request.query.purpose === 'reset' ? 'RESET' : 'ACTIVATE');
        return ok({ expiresAt: row.expiresAt });
      }),
  );

  app.post(
    '/api/reg/resendActivation',
    {
      schema: {
        tags: ['account'],
        summary: '重新发送激活邮件（登录名或邮箱；答复不透露账户是否存在）',
        body: accountNameInput,
        response: linkAnswers(doneSchema),
      },
      config: limited,
    },
    async (request) =>
      answering(async () => {
        const mail = await prepareAccountMail(db, request.body.account, 'ACTIVATE');
        if (mail) mailer.sendLater(activationMail(mail.email, mail.loginName, linkOrigin(ctx.config), mail.token));
        return ok(SAME_ANSWER.ACTIVATE);
      }),
  );

  app.post(
    '/api/reg/forgetPwd',
    {
      schema: {
        tags: ['account'],
        summary: '找回密码（登录名或邮箱；答复不透露账户是否存在）',
        body: accountNameInput,
        response: linkAnswers(doneSchema),
      },
      config: limited,
    },
    async (request) =>
      answering(async () => {
        const mail = await prepareAccountMail(db, request.body.account, 'RESET');
        if (mail) mailer.sendLater(resetMail(mail.email, mail.loginName, linkOrigin(ctx.config), mail.token));
        return ok(SAME_ANSWER.RESET);
      }),
  );

  app.post(
    '/api/reg/resetPwd',
    {
      schema: {
        tags: ['account'],
        summary: '重置密码（表单：令牌与两次 RSA 加密的新密码；令牌一次有效，30 分钟）',
        body: resetPasswordInput,
        response: linkAnswers(loginNameSchema),
      },
      config: limited,
    },
    async (request) =>
      answering(async () => {
        const user = await resetPassword(db, ctx.cipher, ctx.sessions, request.body);
        request.log.info({ userId: user.id }, 'password reset');
        return ok({ loginName: user.loginName });
      }),
  );

  app.post(
    '/api/merchantuser/updateLoginPwd',
    {
      schema: {
        tags: ['account'],
        summary: '修改登录密码（表单，新旧密码 RSA 加密；其他会话退出）',
        body: changePasswordBody,
        response: linkAnswers(doneSchema),
      },
      config: limited,
      preHandler: app.requireUser(),
    },
    async (request) =>
      answering(async () => {
        await changePassword(db, ctx.cipher, ctx.sessions, { userId: request.user!.id, sessionId: request.sessionId! }, request.body);
        request.log.info({ userId: request.user!.id }, 'password changed');
        return ok('密码已修改，其他设备上的登录已退出');
      }),
  );

  app.get(
    '/api/account/sessions',
    {
      schema: { tags: ['account'], summary: '我的登录会话（活动中与最近结束的）', response: answers(mySessionsSchema) },
      preHandler: app.requireUser(),
    },
    async (request) => ok(await listMySessions(db, request.user!.id, request.sessionId!, ctx.config.SESSION_IDLE_MINUTES)),
  );

  app.post(
    '/api/account/sessions/revoke',
    {
      schema: { tags: ['account'], summary: '退出我的另一个会话', body: revokeSessionInput, response: answers(doneSchema) },
      preHandler: app.requireUser(),
    },
    async (request) => {
      await revokeMySession(db, ctx.sessions, request.user!.id, request.sessionId!, request.body.id);
      return ok('该会话已退出');
    },
  );
};
