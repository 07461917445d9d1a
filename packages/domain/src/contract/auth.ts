// Login, logout and the current user (SPEC §4).
import { z } from 'zod';
import type { LoginUser } from './session.ts';
import { doneSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

export const loginInput = z.object({
  username: textSchema(64, '用户名'),
  /** base64 RSA-OAEP ciphertext of the password. */
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(1024, '密码加密数据无效'),
  loginType: z.string().max(32).optional(),
  maskLoginVisible: z.string().max(8).optional(),
});

export const loginUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  displayName: z.string(),
  authority: z.enum(['merchant', 'operator']),
  enterpriseId: z.number().int().nullable(),
  enterpriseName: z.string().nullable(),
  certified: z.boolean(),
  ckFlag: z.enum(['Y', 'N']),
  purchaseSales: z.boolean(),
}) satisfies z.ZodType<LoginUser>;

export const currentUserSchema = z.object({ exponent: z.string(), modulus: z.string(), loginUser: loginUserSchema.nullable() });

// The operations (issue 23).
const tag = 'auth';

export const authApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/user/current',
    tag,
    access: 'public',
    summary: '当前用户与 RSA 公钥',
    answer: currentUserSchema,
  }),
  // SPEC §4: the login page posts a form; a second login answers WARN `AlreadyOnLine`, which counts as success.
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    tag,
    access: 'public',
    summary: '登录（密码 RSA-OAEP 加密）',
    body: loginInput,
    bodyType: 'form',
    answer: doneSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    tag,
    access: 'public',
    summary: '退出登录',
    answer: doneSchema,
  }),
};
