// Registration, activation, password recovery and change, the caller's sessions (PRODUCT §3).
import { z } from 'zod';
import { doneSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

/** A one-time link token; a malformed one is answered like an unknown one (ERROR, reason INVALID). */
const token = z.string().max(256);

/** The answers of a link call: OK, or ERROR with why the link cannot be used. */
/** What a refused link call adds to its ERROR answer: why a mailed link cannot be used. */
export const linkRefusal = z.object({ reason: z.enum(['INVALID', 'EXPIRED', 'USED']).optional() });

export const accountNameInput = z.object({ account: textSchema(254, '登录名或邮箱') });
export const activateInput = z.object({ token });
export const checkTokenQuery = z.object({ token, purpose: z.enum(['activate', 'reset']) });
export const resetPasswordInput = z.object({ token, password: z.string().max(1024), confirmPassword: z.string().max(1024) });
export const revokeSessionInput = z.object({ id: textSchema(128, '会话') });
/** `POST /api/merchantuser/updateLoginPwd` (form): ciphertexts of the old and new password. */
export const changePasswordInput = z.object({
  oldPassword: z.string().max(1024),
  newPassword: z.string().max(1024),
  /** Optional: the web checks the confirmation itself, but a client may send it. */
  confirmPassword: z.string().max(1024).optional(),
});

/** `POST /api/reg/email` (JSON). Sizes are checked here (400 naming the field); the rules in the server's `register`. */
export const registerInput = z.object({
  email: z.string().max(254),
  loginName: z.string().max(64),
  enterpriseName: z.string().max(200),
  mobile: z.string().max(32),
  /** base64 RSA-OAEP ciphertexts, like the login's. */
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
  /** The proof of work: the challenge's nonce and the counter the browser found. */
  challenge: z.string().max(64),
  counter: z.string().max(32),
  agree: z.boolean(),
});

export const challengeSchema = z.object({ nonce: z.string(), difficulty: z.number().int(), expiresAt: z.string() });
export const registeredSchema = z.object({ loginName: z.string(), email: z.string() });
export const activatedSchema = z.object({ loginName: z.string(), activated: z.boolean() });
export const tokenStateSchema = z.object({ expiresAt: timestampSchema });
export const loginNameSchema = z.object({ loginName: z.string() });

/** Why a session ended (the `sessions.end_reason` column). */
export const SESSION_END_REASONS = ['LOGOUT', 'REPLACED', 'PASSWORD_CHANGED', 'EXPIRED', 'REVOKED'] as const;

const sessionView = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  endReason: z.enum(SESSION_END_REASONS).nullable(),
});
export const mySessionsSchema = z.object({ active: z.array(sessionView), recent: z.array(sessionView) });

// Operations ----------------------------------------------------------------------------------------

const tag = 'account';

/**
 * Registration and the mailed links are public; changing one's password and one's sessions need a
 * login. The link calls (register … changePassword) may refuse with a `reason` besides the ERROR
 * envelope (`refusal: linkRefusal`).
 */
export const accountApi = {
  challenge: endpoint({
    method: 'GET',
    path: '/api/reg/challenge',
    tag,
    access: 'public',
    summary: '注册防机器人校验：工作量证明题目',
    answer: challengeSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/reg/email',
    tag,
    access: 'public',
    summary: '注册（JSON，密码 RSA 加密，附工作量证明）',
    body: registerInput,
    answer: registeredSchema,
    refusal: linkRefusal,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/reg/activate',
    tag,
    access: 'public',
    summary: '激活账户（邮件链接中的令牌，一次有效，24 小时）',
    body: activateInput,
    bodyType: 'form',
    answer: activatedSchema,
    refusal: linkRefusal,
  }),
  checkToken: endpoint({
    method: 'GET',
    path: '/api/reg/checkToken',
    tag,
    access: 'public',
    summary: '检查邮件链接是否仍可使用',
    query: checkTokenQuery,
    answer: tokenStateSchema,
    refusal: linkRefusal,
  }),
  resendActivation: endpoint({
    method: 'POST',
    path: '/api/reg/resendActivation',
    tag,
    access: 'public',
    summary: '重新发送激活邮件（登录名或邮箱；答复不透露账户是否存在）',
    body: accountNameInput,
    answer: doneSchema,
    refusal: linkRefusal,
  }),
  forgetPassword: endpoint({
    method: 'POST',
    path: '/api/reg/forgetPwd',
    tag,
    access: 'public',
    summary: '找回密码（登录名或邮箱；答复不透露账户是否存在）',
    body: accountNameInput,
    answer: doneSchema,
    refusal: linkRefusal,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/reg/resetPwd',
    tag,
    access: 'public',
    summary: '重置密码（表单：令牌与两次 RSA 加密的新密码；令牌一次有效，30 分钟）',
    body: resetPasswordInput,
    bodyType: 'form',
    answer: loginNameSchema,
    refusal: linkRefusal,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/merchantuser/updateLoginPwd',
    tag,
    access: 'user',
    summary: '修改登录密码（表单，新旧密码 RSA 加密；其他会话退出）',
    body: changePasswordInput,
    bodyType: 'form',
    answer: doneSchema,
    refusal: linkRefusal,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    tag,
    access: 'user',
    summary: '我的登录会话（活动中与最近结束的）',
    answer: mySessionsSchema,
  }),
  revokeSession: endpoint({
    method: 'POST',
    path: '/api/account/sessions/revoke',
    tag,
    access: 'user',
    summary: '退出我的另一个会话',
    body: revokeSessionInput,
    bodyType: 'form',
    answer: doneSchema,
  }),
};
