import { describe, expect, it } from 'vitest';
import { ERROR_CODES, fieldOfFailure, hasCode } from './error-codes.ts';
import { unwrap } from './request.ts';

const refusal = (env: Parameters<typeof unwrap>[0]) => {
  try {
    unwrap(env);
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
};

describe('error codes: the web acts on the code, never on the message', () => {
  it('an ERROR answer keeps its code and field', () => {
    const err = refusal({ status: 'ERROR', message: '企业尚未完成实名认证', code: 'NOT_CERTIFIED' });
    expect(hasCode(err, ERROR_CODES.NOT_CERTIFIED)).toBe(true);
    expect(hasCode(err, ERROR_CODES.LOCKED)).toBe(false);
    expect(refusal({ status: 'ERROR', message: '该登录名已被注册', field: 'loginName' })).toMatchObject({ field: 'loginName' });
  });

  it('password codes belong to the password field, whatever the text says', () => {
    expect(fieldOfFailure(refusal({ status: 'ERROR', message: '登录密码不正确', code: 'WRONG_PASSWORD' }))).toBe('password');
    expect(fieldOfFailure(refusal({ status: 'ERROR', message: '账户已锁定 15 分钟', code: 'LOCKED' }))).toBe('password');
    // A message that mentions the password but carries no password code is a refusal of the whole operation.
    expect(fieldOfFailure(refusal({ status: 'ERROR', message: '密码加密数据无效，请刷新页面后重试' }))).toBeUndefined();
    expect(fieldOfFailure(refusal({ status: 'ERROR', message: '可用余额不足' }))).toBeUndefined();
  });

  it('a refusal naming a field belongs to that field', () => {
    expect(fieldOfFailure(refusal({ status: 'ERROR', message: '原密码不正确', field: 'oldPassword' }))).toBe('oldPassword');
    expect(fieldOfFailure(new Error('x'))).toBeUndefined();
  });
});
