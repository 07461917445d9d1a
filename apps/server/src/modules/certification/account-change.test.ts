import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmTasks, settlementAccounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sampleBranches } from '../reference/index.ts';
import { uploadPng } from '../uploads/testing.ts';
import { NOT_CERTIFIED_MESSAGE } from './require-certified.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fp-acct-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hangzhou = (bankCode: string) =>
  sampleBranches().find((b) => b.bankCode === bankCode && b.cityCode === '330100' && b.name.endsWith('营业部'))!;
const change = (overrides: Record<string, unknown> = {}) => ({
  accountName: '浙江远航供应链管理有限公司',
  accountNo: '6222 0212 0800 1234',
  bankCode: '308',
  provinceCode: '330000',
  cityCode: '330100',
  unionBankNo: hangzhou('308').unionBankNo,
  changeReason: '公司主要结算行调整为招商银行',
  ...overrides,
});

describe('GET /api/system/modifyAccountInfo', () => {
  it('answers the bound settlement account and the seeded pending change of the demo enterprise', async () => {
    const demo = await t.loginAs('demo');
    const info = (await demo.get('/api/system/modifyAccountInfo')).json().message;
    expect(info.account).toMatchObject({
      accountName: '上海鑫源贸易有限公司',
      bankName: '中国工商银行',
      cityName: '上海市',
      unionBankNo: expect.stringMatching(/^1022900\d{5}$/),
    });
    expect(info.pending).toMatchObject({ status: 'PENDING', statusLabel: '待审核', bankName: '招商银行' });
    const again = (
      await demo.post(
        '/api/system/modifyAccountInfo',
        change({ accountName: '上海鑫源贸易有限公司', bankCode: '102', unionBankNo: hangzhou('102').unionBankNo }),
        { json: true },
      )
    ).json();
    expect(again).toEqual({ status: 'ERROR', message: '已有待审核的结算账户变更申请，请等待审核结果后再提交' });
  });

  it('is for enterprise users only', async () => {
    expect((await (await t.loginAs('operator')).get('/api/system/modifyAccountInfo')).statusCode).toBe(403);
    expect((await t.client().get('/api/system/modifyAccountInfo')).statusCode).toBe(401);
  });
});

describe('POST /api/system/modifyAccountInfo', () => {
  it('refuses an uncertified enterprise with the certification message', async () => {
    const fresh = await t.loginAs('xinqiye');
    expect((await fresh.post('/api/system/modifyAccountInfo', change(), { json: true })).json()).toEqual({
      status: 'ERROR',
      message: NOT_CERTIFIED_MESSAGE,
      code: 'NOT_CERTIFIED',
    });
  });

  it.each([
    ['a name other than the enterprise name', { accountName: '王远航' }, '结算账户名称须与企业名称“浙江远航供应链管理有限公司”一致'],
    ['no reason', { changeReason: '' }, '请输入变更原因'],
    [
      'the account already bound',
      { bankCode: '104', accountNo: '367258391024', unionBankNo: hangzhou('104').unionBankNo },
      '新结算账户与当前绑定的账户相同，无需变更',
    ],
    [
      'a branch in another city',
      { unionBankNo: sampleBranches().find((b) => b.bankCode === '308' && b.cityCode === '310000')!.unionBankNo },
      '不在杭州市',
    ],
  ])('refuses %s', async (_case, overrides, message) => {
    const gouxiao = await t.loginAs('gouxiao');
    const res = (await gouxiao.post('/api/system/modifyAccountInfo', change(overrides), { json: true })).json();
    expect(res.status).toBe('ERROR');
    expect(res.message).toContain(message);
    expect((await gouxiao.get('/api/system/modifyAccountInfo')).json().message.pending).toBeNull();
  });

  it('goes through review: rejected keeps the account, approved re-binds it, each decision audited', async () => {
    const gouxiao = await t.loginAs('gouxiao');
    const operator = await t.loginAs('operator');
    const proofFileId = await uploadPng(t, gouxiao, 'ACCOUNT_PROOF');
    const first = (await gouxiao.post('/api/system/modifyAccountInfo', change({ proofFileId }), { json: true })).json();
    expect(first.status).toBe('OK');
    const taskOf = async (id: number) =>
      (
        await t.database.db
          .select()
          .from(bpmTasks)
          .where(and(eq(bpmTasks.type, 'ACCOUNT_CHANGE'), eq(bpmTasks.refId, String(id))))
      )[0];
    const task1 = await taskOf(first.message.id);
    const detail = (await operator.get(`/api/bpm/tasks/${task1.id}`)).json().message;
    expect(detail.attachments).toEqual([
      { uploadId: proofFileId, label: '开户证明', file: expect.objectContaining({ mimeType: 'image/png' }) },
    ]);
    expect(detail.fields).toContainEqual({ label: '新银行账号', value: '6222021208001234' });
    await operator.post(`/api/bpm/tasks/${task1.id}/reject`, { reason: '开户证明与账号不符' }, { json: true });
    let info = (await gouxiao.get('/api/system/modifyAccountInfo')).json().message;
    expect(info.account.bankName).toBe('中国银行');
    expect(info.history[0]).toMatchObject({ status: 'REJECTED', rejectReason: '开户证明与账号不符', proofFile: { id: proofFileId } });

    const second = (await gouxiao.post('/api/system/modifyAccountInfo', change(), { json: true })).json();
    const task2 = await taskOf(second.message.id);
    expect((await operator.post(`/api/bpm/tasks/${task2.id}/approve`, {}, { json: true })).json().status).toBe('OK');
    info = (await gouxiao.get('/api/system/modifyAccountInfo')).json().message;
    expect(info.account).toMatchObject({ bankName: '招商银行', accountNo: '6222021208001234', branchName: hangzhou('308').name });
    expect(info.pending).toBeNull();
    // The history is a list: its account numbers are masked; the bound account above is the owner's detail, in full.
    expect(info.history[0]).toMatchObject({ status: 'APPROVED', accountNo: '**** 1234' });
    const [bound] = await t.database.db.select().from(settlementAccounts).where(eq(settlementAccounts.accountNo, '6222021208001234'));
    expect(bound).toMatchObject({ source: 'ACCOUNT_CHANGE', sourceId: second.message.id });
    const audit = (await operator.get('/api/bpm/audit', { taskId: task2.id })).json().message.items;
    const approve = audit.find((a: { action: string }) => a.action === 'APPROVE');
    expect(approve.before.record.settlementAccount).toMatchObject({ bankName: '中国银行' });
    expect(approve.after.record.settlementAccount).toMatchObject({ bankName: '招商银行' });
  });
});
