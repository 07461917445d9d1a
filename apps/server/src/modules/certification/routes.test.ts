import { usccCheckChar } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bpmAuditLog,
  bpmTasks,
  enterpriseAuthentications,
  enterprises,
  settlementAccounts,
  users,
  virtualAccounts,
} from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { uploadPng } from '../uploads/testing.ts';
import type { FastifyRequest } from 'fastify';
import { certifiedScope } from '../../lib/scope.ts';
import { NOT_CERTIFIED_MESSAGE } from './require-certified.ts';
import {
  createUncertifiedEnterprise,
  FRESH_ENTERPRISE,
  FRESH_USCC,
  saveDraft,
  shenzhenBranch,
  submit,
  validAuthentication,
} from './testing.ts';

let t: TestApp;
let dataDir: string;
let fresh: TestClient;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fp-cert-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  fresh = await t.loginAs('xinqiye');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;
const freshEnterpriseId = async () =>
  (await db().select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.name, FRESH_ENTERPRISE)))[0].id;
const authRows = async (enterpriseId: number) =>
  db().select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.enterpriseId, enterpriseId));
const pendingTasksOf = async (enterpriseId: number) =>
  db()
    .select()
    .from(bpmTasks)
    .where(and(eq(bpmTasks.enterpriseId, enterpriseId), eq(bpmTasks.state, 'PENDING'), eq(bpmTasks.type, 'AUTHENTICATION')));

describe('the one certification check', () => {
  // The check every certified route makes: the caller's scope, refused unless certified; a fresh request each time.
  const assertCertified = (user: unknown) => certifiedScope({ user } as unknown as FastifyRequest).enterpriseId;
  it('refuses an uncertified enterprise with the message linking to the form', () => {
    const user = {
      id: 1,
      loginName: 'x',
      displayName: 'x',
      authority: 'merchant' as const,
      enterpriseId: 9,
      enterpriseName: 'x',
      certified: false,
      ckFlag: 'N' as const,
      purchaseSales: false,
    };
    expect(() => assertCertified(user)).toThrow(BusinessError);
    expect(() => assertCertified(user)).toThrow(NOT_CERTIFIED_MESSAGE);
    expect(NOT_CERTIFIED_MESSAGE).toBe('企业尚未完成实名认证，请先完成实名认证');
    // Messages never show a raw route (issue 12): the web links the words by the code.
    expect(NOT_CERTIFIED_MESSAGE).not.toMatch(/\/[a-z]+\//i);
    expect(assertCertified({ ...user, certified: true })).toBe(9);
    expect(() => assertCertified({ ...user, authority: 'operator', enterpriseId: null })).toThrow('仅企业用户');
  });
});

describe('an uncertified enterprise authenticates', () => {
  it('starts uncertified, with nothing submitted', async () => {
    const current = (await fresh.get('/api/authentication/current')).json().message;
    expect(current).toMatchObject({
      enterprise: { name: FRESH_ENTERPRISE, certified: false },
      pending: null,
      editable: null,
      approved: null,
      virtualAccountNo: null,
      settlementAccount: null,
    });
    expect((await fresh.get('/api/user/current')).json().message.loginUser.certified).toBe(false);
  });

  it('saves an incomplete draft and updates the same draft again', async () => {
    const first = (await saveDraft(fresh, { enterpriseName: FRESH_ENTERPRISE, legalIdCard: '440305198808081234' })).json();
    expect(first.status).toBe('OK');
    expect(first.message).toMatchObject({
      status: 'DRAFT',
      statusLabel: '草稿',
      legalBirthDate: '1988-08-08',
      legalGender: 'M',
      uscc: null,
    });
    const second = (
      await saveDraft(fresh, { id: first.message.id, enterpriseName: FRESH_ENTERPRISE, uscc: FRESH_USCC.toLowerCase() })
    ).json();
    expect(second.message.id).toBe(first.message.id);
    expect(second.message.uscc).toBe(FRESH_USCC);
    const list = (await fresh.get('/api/authentication/list')).json().message;
    expect(list.totalCount).toBe(1);
    expect(list.items[0]).toMatchObject({ status: 'DRAFT', statusLabel: '草稿' });
    expect((await fresh.get('/api/authentication/current')).json().message.editable.id).toBe(first.message.id);
  });

  it.each([
    ['an ID card with a wrong check character', { legalIdCard: '440305198808081235' }, '法定代表人身份证号码校验位不正确'],
    ['an ID card born in the future', { legalIdCard: '440305209901011234' }, '出生日期'],
    ['an ID card of a minor', { legalIdCard: '440305201501011236' }, '年满18周岁'],
    ['a credit code with a wrong check character', { uscc: '91440300MA5FPK8R21' }, '统一社会信用代码校验位不正确'],
    ['a credit code with the letter O', { uscc: '91440300MA5FPK8RO0' }, '不能包含字母I、O、Z、S、V'],
    ['an account name other than the enterprise name', { accountName: '陈新启' }, `结算账户名称须与企业名称“${FRESH_ENTERPRISE}”一致`],
    ['a branch of another bank', { unionBankNo: shenzhenBranch('105').unionBankNo }, '不属于中国工商银行'],
    ['a city outside the province', { cityCode: '310000' }, '开户城市不属于所选省份'],
    ['an unknown union bank number', { unionBankNo: '102584009999' }, '开户网点（联行号）不存在'],
    ['a malformed mobile number', { contactMobile: '12345678901' }, '请输入正确的11位手机号码'],
    ['a malformed email', { contactEmail: 'chenqi@' }, '联系人邮箱格式不正确'],
    ['a missing licence', { licenceFileId: null }, '请上传营业执照'],
    ['a missing legal representative', { legalName: '  ' }, '请输入法定代表人姓名'],
    ['letters in the account number', { accountNo: '4000-0234-ABCD' }, '结算账号应为8至30位数字'],
  ])('refuses %s with a clear message and stores nothing', async (_case, overrides, message) => {
    const enterpriseId = await freshEnterpriseId();
    const before = await authRows(enterpriseId);
    const res = await submit(fresh, await validAuthentication(t, fresh, overrides));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ERROR');
    expect(res.json().message).toContain(message);
    expect(await authRows(enterpriseId)).toEqual(before);
    expect(await pendingTasksOf(enterpriseId)).toHaveLength(0);
  });

  it('refuses a licence file that belongs to another enterprise', async () => {
    const other = await t.loginAs('demo');
    const foreign = await uploadPng(t, other, 'LICENCE');
    const res = await submit(fresh, await validAuthentication(t, fresh, { licenceFileId: foreign }));
    expect(res.json()).toEqual({ status: 'ERROR', message: '营业执照附件不存在，请重新上传' });
  });

  it('refuses a credit code already certified for another enterprise', async () => {
    const res = await submit(fresh, await validAuthentication(t, fresh, { uscc: '91310115MA1H7XQ301' }));
    expect(res.json().status).toBe('ERROR');
    expect(res.json().message).toContain('已由其他企业完成实名认证');
  });

  it('answers 400 naming the field for a value of the wrong shape', async () => {
    const res = await submit(fresh, { enterpriseName: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('enterpriseName');
  });

  let submissionId: number;
  it("submits the draft for review: PENDING, and a task in the operators' inbox", async () => {
    const enterpriseId = await freshEnterpriseId();
    const draftId = (await authRows(enterpriseId))[0].id;
    const res = (await submit(fresh, await validAuthentication(t, fresh, { id: draftId, uscc: ` ${FRESH_USCC.toLowerCase()} ` }))).json();
    expect(res.status).toBe('OK');
    expect(res.message).toMatchObject({
      id: draftId,
      status: 'PENDING',
      uscc: FRESH_USCC,
      legalBirthDate: '1988-08-08',
      legalGender: 'M',
      bankName: '中国工商银行',
      cityName: '深圳市',
    });
    expect(res.message.branchName).toBe(shenzhenBranch('102').name);
    expect(res.message.files.licence).toMatchObject({ mimeType: 'image/png', url: expect.stringMatching(/^\/api\/uploads\/\d+$/) });
    submissionId = draftId;
    const tasks = await pendingTasksOf(enterpriseId);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ subject: `企业实名认证：${FRESH_ENTERPRISE}`, refId: String(draftId) });
    expect(tasks[0].attachments).toHaveLength(3);
    expect(tasks[0].fields).toContainEqual({ label: '统一社会信用代码', value: FRESH_USCC });
  });

  it('refuses a second submission or a draft while one is pending', async () => {
    expect((await submit(fresh, await validAuthentication(t, fresh))).json().message).toBe('认证申请正在审核中，请耐心等待审核结果');
    expect((await saveDraft(fresh, { enterpriseName: FRESH_ENTERPRISE })).json().message).toBe('认证申请正在审核中，请耐心等待审核结果');
  });

  it('shows the submission to its enterprise and to operators, and 404 to another enterprise', async () => {
    expect((await fresh.get(`/api/authentication/${submissionId}`)).json().message.status).toBe('PENDING');
    expect((await (await t.loginAs('operator')).get(`/api/authentication/${submissionId}`)).statusCode).toBe(200);
    const other = await t.loginAs('demo');
    const foreign = await other.get(`/api/authentication/${submissionId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await other.get('/api/authentication/999999')).json());
    const licence = (await fresh.get(`/api/authentication/${submissionId}`)).json().message.licenceFileId;
    expect((await other.get(`/api/uploads/${licence}`)).statusCode).toBe(404);
    expect((await fresh.get(`/api/uploads/${licence}`)).statusCode).toBe(200);
  });

  it("keeps enterprise users out of the operators' inbox: 403 on every /api/bpm call", async () => {
    for (const url of ['/api/bpm/tasks', '/api/bpm/taskTypes', '/api/bpm/audit', '/api/bpm/tasks/1', '/api/bpm/no-such-call']) {
      expect((await fresh.get(url)).statusCode).toBe(403);
    }
    const task = (await pendingTasksOf(await freshEnterpriseId()))[0];
    const approve = await fresh.post(`/api/bpm/tasks/${task.id}/approve`, {}, { json: true });
    expect(approve.statusCode).toBe(403);
    expect((await t.client().get('/api/bpm/tasks')).statusCode).toBe(401);
    expect((await db().select().from(bpmTasks).where(eq(bpmTasks.id, task.id)))[0].state).toBe('PENDING');
  });

  it("is sent back with the reviewer's reason; a reason is required", async () => {
    const operator = await t.loginAs('operator');
    const task = (await pendingTasksOf(await freshEnterpriseId()))[0];
    const noReason = await operator.post(`/api/bpm/tasks/${task.id}/reject`, {}, { json: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');
    const rejected = (
      await operator.post(`/api/bpm/tasks/${task.id}/reject`, { reason: '营业执照照片不清晰，请重新上传' }, { json: true })
    ).json();
    expect(rejected.message).toMatchObject({ state: 'REJECTED' });
    const current = (await fresh.get('/api/authentication/current')).json().message;
    expect(current.pending).toBeNull();
    expect(current.editable).toMatchObject({
      id: submissionId,
      status: 'REJECTED',
      rejectReason: '营业执照照片不清晰，请重新上传',
      enterpriseName: FRESH_ENTERPRISE,
    });
  });

  it('is resubmitted after correction (REJECTED → PENDING) with a new task', async () => {
    const res = (await submit(fresh, await validAuthentication(t, fresh, { id: submissionId }))).json();
    expect(res.message).toMatchObject({ id: submissionId, status: 'PENDING', rejectReason: null });
    const tasks = await db()
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'AUTHENTICATION'), eq(bpmTasks.refId, String(submissionId))));
    expect(tasks.map((x) => x.state).sort()).toEqual(['PENDING', 'REJECTED']);
  });

  it('is approved: the enterprise is certified, its settlement account bound and its virtual account opened', async () => {
    const operator = await t.loginAs('operator');
    const enterpriseId = await freshEnterpriseId();
    const [task] = await pendingTasksOf(enterpriseId);
    const approved = (await operator.post(`/api/bpm/tasks/${task.id}/approve`, { comment: '材料齐全' }, { json: true })).json();
    expect(approved).toEqual({ status: 'OK', message: { id: task.id, state: 'APPROVED', stateLabel: '已通过' } });

    const [enterprise] = await db().select().from(enterprises).where(eq(enterprises.id, enterpriseId));
    expect(enterprise).toMatchObject({ certified: true, uscc: FRESH_USCC });
    expect(enterprise.certifiedAt).toBeInstanceOf(Date);
    const [account] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.enterpriseId, enterpriseId));
    expect(account.accountNo).toMatch(/^\d+$/);
    const [settlement] = await db().select().from(settlementAccounts).where(eq(settlementAccounts.enterpriseId, enterpriseId));
    expect(settlement).toMatchObject({
      accountName: FRESH_ENTERPRISE,
      accountNo: '4000023409200123456',
      source: 'AUTHENTICATION',
      unionBankNo: shenzhenBranch('102').unionBankNo,
    });

    // The user's very next call sees the certification.
    expect((await fresh.get('/api/user/current')).json().message.loginUser.certified).toBe(true);
    const current = (await fresh.get('/api/authentication/current')).json().message;
    expect(current).toMatchObject({
      enterprise: { certified: true },
      virtualAccountNo: account.accountNo,
      approved: { id: submissionId, status: 'APPROVED' },
      editable: null,
    });
    expect((await fresh.get('/api/authentication/list')).json().message.items[0]).toMatchObject({
      status: 'APPROVED',
      statusLabel: '已通过',
      accountNo: '**** 3456',
    });
    // The list masks the account number; the owner's detail shows it, and the legal person's ID card, in full.
    expect((await fresh.get(`/api/authentication/${submissionId}`)).json().message).toMatchObject({
      accountNo: '4000023409200123456',
      legalIdCard: expect.stringMatching(/^\d{17}[\dX]$/),
    });

    const audit = await db().select().from(bpmAuditLog).where(eq(bpmAuditLog.taskId, task.id));
    const decision = audit.find((a) => a.action === 'APPROVE')!;
    expect(decision).toMatchObject({ actorName: '赵审', comment: '材料齐全' });
    expect(decision.before).toMatchObject({ task: { state: 'PENDING' }, record: { status: 'PENDING', enterprise: { certified: false } } });
    expect(decision.after).toMatchObject({
      task: { state: 'APPROVED' },
      record: { status: 'APPROVED', virtualAccountNo: account.accountNo },
    });
  });

  it('cannot be decided twice, and a certified enterprise cannot submit again', async () => {
    const operator = await t.loginAs('operator');
    const [task] = await db()
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'AUTHENTICATION'), eq(bpmTasks.refId, String(submissionId)), eq(bpmTasks.state, 'APPROVED')));
    expect((await operator.post(`/api/bpm/tasks/${task.id}/approve`, {}, { json: true })).json().message).toBe(
      '该任务已通过，不能重复处理',
    );
    expect((await operator.post(`/api/bpm/tasks/${task.id}/reject`, { reason: '再驳回' }, { json: true })).json().status).toBe('ERROR');
    expect((await submit(fresh, await validAuthentication(t, fresh))).json().message).toContain('企业已完成实名认证');
  });
});

describe('one credit code, two enterprises', () => {
  it('refuses the second approval when another enterprise was certified under the code meanwhile; the task stays pending', async () => {
    await createUncertifiedEnterprise(t, 'twin_a', '深圳双子甲科技有限公司');
    await createUncertifiedEnterprise(t, 'twin_b', '深圳双子乙科技有限公司');
    const a = await t.loginAs('twin_a');
    const b = await t.loginAs('twin_b');
    const code = `91440300MA5G0XY71${usccCheckChar('91440300MA5G0XY71')}`;
    const okA = (
      await submit(
        a,
        await validAuthentication(t, a, { uscc: code, enterpriseName: '深圳双子甲科技有限公司', accountName: '深圳双子甲科技有限公司' }),
      )
    ).json();
    const okB = (
      await submit(
        b,
        await validAuthentication(t, b, { uscc: code, enterpriseName: '深圳双子乙科技有限公司', accountName: '深圳双子乙科技有限公司' }),
      )
    ).json();
    expect([okA.status, okB.status]).toEqual(['OK', 'OK']);
    const operator = await t.loginAs('operator');
    const taskOf = async (id: number) =>
      (
        await db()
          .select()
          .from(bpmTasks)
          .where(and(eq(bpmTasks.refId, String(id)), eq(bpmTasks.type, 'AUTHENTICATION')))
      )[0];
    const first = await taskOf(okA.message.id);
    const second = await taskOf(okB.message.id);
    expect((await operator.post(`/api/bpm/tasks/${first.id}/approve`, {}, { json: true })).json().status).toBe('OK');
    const refused = (await operator.post(`/api/bpm/tasks/${second.id}/approve`, {}, { json: true })).json();
    expect(refused).toEqual({ status: 'ERROR', message: '该统一社会信用代码已由其他企业完成实名认证，请驳回该申请' });
    expect((await taskOf(okB.message.id)).state).toBe('PENDING');
    const [enterpriseB] = await db()
      .select()
      .from(enterprises)
      .innerJoin(users, eq(users.enterpriseId, enterprises.id))
      .where(eq(users.loginName, 'twin_b'));
    expect(enterpriseB.enterprises.certified).toBe(false);
  });
});
