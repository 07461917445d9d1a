import type { FormRule as Rule } from 'antd';
import { maxCharsRule } from '../../lib/text-rules.ts';

/** The server's registration rules (modules/account/rules.ts), checked before sending. */
export const LOGIN_NAME = /^[A-Za-z0-9_]{4,20}$/;
export const MOBILE = /^1[3-9]\d{9}$/;
export const ENTERPRISE_NAME = /^[\p{Script=Han}A-Za-z0-9（）()·&\- ]{2,50}$/u;
const ENTERPRISE_NAME_CHARS = /^[\p{Script=Han}A-Za-z0-9（）()·&\- ]*$/u;
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export const isStrongPassword = (p: string) => p.length >= 8 && p.length <= 64 && /[A-Za-z]/.test(p) && /\d/.test(p);

export const rules = {
  email: [
    { required: true, message: '请输入邮箱' },
    { pattern: EMAIL, message: '请输入正确的邮箱地址' },
    { max: 100, message: '邮箱不能超过 100 个字符' },
  ] as Rule[],
  loginName: [
    { required: true, message: '请输入登录名' },
    { pattern: LOGIN_NAME, message: '登录名须为 4–20 位字母、数字或下划线' },
  ] as Rule[],
  enterpriseName: [
    { required: true, message: '请输入企业名称' },
    // One message per problem: too long (kept as typed, never cut), too short, characters not allowed.
    maxCharsRule('企业名称', 50),
    { min: 2, message: '企业名称至少 2 个字' },
    { pattern: ENTERPRISE_NAME_CHARS, message: '企业名称只能包含汉字、字母、数字、括号、·、& 和 -' },
  ] as Rule[],
  mobile: [
    { required: true, message: '请输入手机号码' },
    { pattern: MOBILE, message: '请输入正确的 11 位手机号码' },
  ] as Rule[],
  password: [
    { required: true, message: '请输入密码' },
    {
      validator: (_: unknown, v: string) =>
        !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error('密码至少 8 位，且须同时包含字母和数字')),
    },
  ] as Rule[],
  /** The confirmation must equal the field named `of`. */
  confirm: (of: string): Rule[] => [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: (_: unknown, v: string) =>
        !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ],
  account: [
    { required: true, message: '请输入登录名或邮箱' },
    {
      validator: (_: unknown, v: string) =>
        !v || LOGIN_NAME.test(v.trim()) || EMAIL.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error('请输入正确的登录名或邮箱')),
    },
  ] as Rule[],
};
