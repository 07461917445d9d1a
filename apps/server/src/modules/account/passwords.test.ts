/**
 * Issue 33 item 7: a production deployment starts administrable, and no new password is a known one.
 * The published demo password and the common breached passwords are refused wherever a password is
 * set (register, reset, change, the first-operator command); new hashes are scrypt N = 2^17 (lowered
 * to 2^14 in this suite only, PASSWORD_SCRYPT_LOG2N with NODE_ENV=test), older ones are verified as
 * they are and rehashed at the next right password.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, users } from '../../db/schema/index.ts';
import {
  hashPassword,
  KNOWN_PASSWORD_MESSAGES,
  knownPasswordProblem,
  needsRehash,
  PUBLISHED_DEMO_PASSWORD,
  scryptCost,
  verifyPassword,
} from '../../lib/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { checkOperatorFields, createOperator } from './index.ts';
import { latestMail, mailMark, mailSince, register, tokenIn } from './testing.ts';
import { serverCommand } from '../../test/server-command.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

const DEMO = { status: 'ERROR', message: KNOWN_PASSWORD_MESSAGES.DEMO, field: 'password' };
const BREACHED = { status: 'ERROR', message: KNOWN_PASSWORD_MESSAGES.BREACHED, field: 'password' };

describe('known passwords', () => {
  it('the list: the published demo password and ~49,000 common breached ones, trimmed, any case', () => {
    expect(PUBLISHED_DEMO_PASSWORD).toBe(DEMO_PASSWORD);
    expect(knownPasswordProblem('Demo@2026')).toBe('DEMO');
    expect(knownPasswordProblem(' dEMO@2026 ')).toBe('DEMO');
    for (const p of ['password1', ' Password1 ', 'QWERTY123', 'abc12345', 'passw0rd', '1qaz2wsx', 'trustno1'])
      expect(knownPasswordProblem(p), p).toBe('BREACHED');
    for (const p of ['Ops-Strong-2026x', 'Xu7#kLm29pQ', 'Demo@2027']) expect(knownPasswordProblem(p), p).toBeNull();
  });

  it('refused at registration, with the field', async () => {
    for (const [password, answer] of [
      [DEMO_PASSWORD, DEMO],
      [' Password1 ', BREACHED],
      ['qwerty123', BREACHED],
    ] as const) {
      const { body } = await register(t, t.client(), { password });
      expect(body, password).toEqual(answer);
    }
    expect((await register(t, t.client(), { password: 'Start-2026-Pass' })).body.status).toBe('OK');
  });

  it('refused at a reset and at a change; the demo users still log in with theirs', async () => {
    const { body, sent } = await register(t, t.client(), { password: 'Start-2026-Pass' });
    expect(body.status).toBe('OK');
    const loginName = sent.loginName as string;
    const email = sent.email as string;
    const activation = tokenIn((await latestMail(t, email))!.body, '/trade/activate');
    expect((await t.client().post('/api/reg/activate', { token: activation })).json().status).toBe('OK');

    const mark = await mailMark(t);
    expect((await t.client().post('/api/reg/forgetPwd', { account: loginName }, { json: true })).json().status).toBe('OK');
    const token = tokenIn((await mailSince(t, email, mark)).body, '/trade/resetpwd');
    const reset = (password: string) =>
      t.client().post('/api/reg/resetPwd', { token, password: t.encrypt(password), confirmPassword: t.encrypt(password) });
    expect((await reset('DEMO@2026')).json()).toEqual(DEMO);
    expect((await reset('letmein1')).json()).toEqual(BREACHED);
    expect((await reset('Reset-2026-Pass')).json().status).toBe('OK');

    const user = await t.loginAs(loginName, 'Reset-2026-Pass');
    const change = (newPassword: string) =>
      user.post('/api/merchantuser/updateLoginPwd', { oldPassword: t.encrypt('Reset-2026-Pass'), newPassword: t.encrypt(newPassword) });
    expect((await change(DEMO_PASSWORD)).json()).toEqual({ ...DEMO, field: 'newPassword' });
    expect((await change('password123')).json()).toEqual({ ...BREACHED, field: 'newPassword' });
    expect((await change('Changed-2026-Pass')).json().status).toBe('OK');

    // Logging in with an existing password is not setting one: the demo world works as before.
    expect((await t.client().login('demo', DEMO_PASSWORD)).json().status).toBe('OK');
  });
});

describe('scrypt cost', () => {
  it('2^17 by default and in production; lowered only under NODE_ENV=test', () => {
    expect(scryptCost({})).toBe(2 ** 17);
    expect(scryptCost({ PASSWORD_SCRYPT_LOG2N: '10' })).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'production', PASSWORD_SCRYPT_LOG2N: '10' })).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'development', PASSWORD_SCRYPT_LOG2N: '10' })).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG2N: '14' })).toBe(2 ** 14);
    // Never below 2^10 nor above 2^17 from that variable.
    expect(scryptCost({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG2N: '4' })).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG2N: '20' })).toBe(2 ** 17);
  });

  it('a hash at 2^17 records its parameters and verifies (128 MiB: maxmem is set)', async () => {
    const hash = await hashPassword('Cost-2026-Pass', 2 ** 17);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Cost-2026-Pass', hash)).toBe(true);
    expect(await verifyPassword('Cost-2026-Pasz', hash)).toBe(false);
    // A stored hash naming absurd parameters is refused without running them.
    expect(await verifyPassword('x', hash.replace('$131072$', '$1073741824$'))).toBe(false);
  });

  it('an older hash verifies as it is and is rehashed at the current cost at the next right login, once', async () => {
    const old = await hashPassword('Older-2024-Pass', 2 ** 12);
    expect(needsRehash(old)).toBe(true);
    const [row] = await t.database.db
      .insert(users)
      .values({ loginName: 'rehash_me', displayName: 'rehash', passwordHash: old, authority: 'merchant' })
      .returning({ id: users.id });
    const stored = async () => (await t.database.db.select().from(users).where(eq(users.id, row.id)))[0].passwordHash;

    expect((await t.client().login('rehash_me', 'Wrong-2024-Pass')).json().status).toBe('ERROR');
    expect(await stored()).toBe(old); // a wrong password changes nothing
    expect((await t.client().login('rehash_me', 'Older-2024-Pass')).json().status).toBe('OK');
    const renewed = await stored();
    expect(renewed).toMatch(new RegExp(`^scrypt\\$${scryptCost()}\\$8\\$1\\$`));
    expect(needsRehash(renewed)).toBe(false);
    // Right again (WARN AlreadyOnLine: the first session is still open), and the hash stays.
    expect((await t.client().login('rehash_me', 'Older-2024-Pass')).json().status).not.toBe('ERROR');
    expect(await stored()).toBe(renewed);
  });
});

describe('the first operators of a production deployment', () => {
  it('creates an operator who can log in, audited; refuses a known password, a taken name, a bad name', async () => {
    const made = await createOperator(t.database.db, { loginName: 'ops_first', displayName: '首位运营', password: 'First-Ops-2026' });
    expect(made).toMatchObject({ loginName: 'ops_first', displayName: '首位运营' });
    const [user] = await t.database.db.select().from(users).where(eq(users.loginName, 'ops_first'));
    expect(user).toMatchObject({ authority: 'operator', status: 'ACTIVE', enterpriseId: null, demo: false });
    const me = (await (await t.loginAs('ops_first', 'First-Ops-2026')).get('/api/user/current')).json().message.loginUser;
    expect(me).toMatchObject({ loginName: 'ops_first' });

    const [audit] = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.entityId, 'ops_first'), eq(bpmAuditLog.action, 'OPERATE')))
      .orderBy(desc(bpmAuditLog.id));
    expect(audit.comment).toContain('由系统管理员在服务器上创建运营账号');
    expect(JSON.stringify(audit)).not.toContain('First-Ops-2026');

    const refused = (fields: { loginName: string; displayName: string; password: string }) =>
      createOperator(t.database.db, fields).then(
        () => 'created',
        (err: Error) => err.message,
      );
    expect(await refused({ loginName: 'ops_second', displayName: '复核', password: DEMO_PASSWORD })).toBe(KNOWN_PASSWORD_MESSAGES.DEMO);
    expect(await refused({ loginName: 'ops_second', displayName: '复核', password: 'Password123' })).toBe(KNOWN_PASSWORD_MESSAGES.BREACHED);
    expect(await refused({ loginName: 'OPS_FIRST', displayName: '复核', password: 'Second-Ops-2026' })).toBe('登录名 OPS_FIRST 已被使用');
    expect(await refused({ loginName: 'a b', displayName: '复核', password: 'Second-Ops-2026' })).toContain('登录名');
    expect(await refused({ loginName: 'ops_second', displayName: 'x\u0000', password: 'Second-Ops-2026' })).toContain('显示名');
    expect(() => checkOperatorFields({ loginName: 'ops_second', displayName: '复核运营', password: 'short1' })).toThrow('密码至少 8 位');
    expect(await refused({ loginName: 'ops_second', displayName: '复核运营', password: 'Second-Ops-2026' })).toBe('created');
  });

  it('the command never takes a password from the command line, and asks for a file without a terminal', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [...serverCommand('cli/create-operator'), ...args], { timeout: 60_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
    for (const args of [
      ['--login', 'ops_x', '--name', '运营', '--password', 'Cli-2026-Pass'],
      ['--login', 'ops_x', '--name', '运营', '--password=Cli-2026-Pass'],
    ]) {
      const r = await run(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('不接受命令行中的密码');
    }
    const noTty = await run(['--login', 'ops_x', '--name', '运营']);
    expect(noTty).toMatchObject({ code: 1, stderr: expect.stringContaining('--password-file') });
  }, 120_000);
});
