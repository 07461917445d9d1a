import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chinaDate, type Cents } from '@factoring/domain';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { enterprises, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { postRepayment, openVirtualAccount } from '../ledger/index.ts';
import { postControlledDisbursement } from './loan-tranches.ts';
import { ledgerFingerprint, ledgerProblems, newKey } from '../ledger/testing.ts';
import { depositThroughReview } from './testing.ts';

let t: TestApp;
let demo: TestClient;
let gouxiao: TestClient;
let op: TestClient;
/** The second operator (钱核): approves what `op` recorded (four eyes). */
let checker: TestClient;
let demoAccount: { accountNo: string; accountName: string; enterpriseId: number };
let gxAccount: { accountNo: string; accountName: string };

const json = { json: true };
const body = <T = any>(res: { json(): unknown }) => res.json() as { status: string; message: T }; // eslint-disable-line @typescript-eslint/no-explicit-any
const balanceOf = async (c: TestClient) =>
  body<{ balance: number; available: number; frozen: number; controlled: number; accountNo: string; accountName: string }>(
    await c.get('/api/account/v2/queryAccountBalance'),
  ).message;
const withdraw = (c: TestClient, amount: unknown, opts: { key?: string; password?: string } = {}) =>
  c.post(
    '/api/funds/withdraw',
    { amount, password: t.encrypt(opts.password ?? DEMO_PASSWORD), idempotencyKey: opts.key ?? newKey() },
    json,
  );
const approveTask = async (
  type: string,
  refId: number | string,
  decision: 'approve' | 'reject' = 'approve',
  reason = '银行退票：户名不符',
  by = op,
) => {
  const tasks = body<{ items: { id: number; refId: string }[] }>(await op.get('/api/bpm/tasks', { type, state: 'PENDING', size: 100 }))
    .message.items;
  const task = tasks.find((x) => x.refId === String(refId));
  expect(task, `pending ${type} task for ${refId}`).toBeDefined();
  const res = await by.post(`/api/bpm/tasks/${task!.id}/${decision}`, decision === 'approve' ? {} : { reason }, json);
  expect(body(res).status).toBe('OK');
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginAs('demo');
  gouxiao = await t.loginAs('gouxiao');
  op = await t.loginAs('operator');
  checker = await t.loginAs('fuhe');
  const d = await balanceOf(demo);
  const [u] = await t.database.db.select({ enterpriseId: users.enterpriseId }).from(users).where(eq(users.loginName, 'demo'));
  demoAccount = { accountNo: d.accountNo, accountName: d.accountName, enterpriseId: u.enterpriseId! };
  const g = await balanceOf(gouxiao);
  gxAccount = { accountNo: g.accountNo, accountName: g.accountName };
});
afterAll(() => t.close());
// Every test leaves a proven ledger: entries balanced, caches equal to ledger sums.
afterEach(async () => expect(await ledgerProblems(t.database.db)).toEqual([]));

describe('the virtual account', () => {
  it('answers the account number, the bank from site configuration and the balance derived from the ledger', async () => {
    const res = await demo.get('/api/account/v2/queryAccountBalance');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      status: 'OK',
      message: {
        accountNo: expect.stringMatching(/^6222\d{11}$/),
        bank: '中国工商银行',
        accountName: '上海鑫源贸易有限公司',
        fees: { withdraw: 2000, inTransfer: 2000 },
      },
    });
    const b = body<{ balance: number; available: number; frozen: number; controlled: number }>(res).message;
    expect(b.balance).toBe(b.available + b.frozen + b.controlled);
    // The demo user's funded account: the ¥1,250,000.00 opening deposit, less whatever the seeded financings moved.
    const ledger = await t.database.db.execute(
      sql`select coalesce(sum(case side when 'C' then amount else -amount end), 0)::bigint as net from journal_lines where enterprise_id = ${demoAccount.enterpriseId} and bucket = 'AVAILABLE'`,
    );
    expect(Number((ledger as unknown as { rows: { net: number }[] }).rows[0].net)).toBe(b.available);
    const opening = await t.database.db.execute(
      sql`select amount from journal_lines where enterprise_id = ${demoAccount.enterpriseId} and memo = '期初入金'`,
    );
    expect((opening as unknown as { rows: { amount: number }[] }).rows.map((r) => Number(r.amount))).toEqual([125_000_000]);
  });

  it('refuses logged-out callers and operators', async () => {
    expect((await t.client().get('/api/account/v2/queryAccountBalance')).statusCode).toBe(401);
    expect((await op.get('/api/account/v2/queryAccountBalance')).statusCode).toBe(403);
  });

  it('refuses an enterprise that is not certified, with the link to the authentication page', async () => {
    const [e] = await t.database.db.insert(enterprises).values({ name: '未认证测试企业有限公司' }).returning();
    await t.database.db.insert(users).values({
      loginName: 'uncert',
      displayName: '未认证',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      enterpriseId: e.id,
      authority: 'merchant',
    });
    const c = await t.loginAs('uncert');
    const before = await ledgerFingerprint(t.database.db);
    for (const res of [await c.get('/api/account/v2/queryAccountBalance'), await c.get('/api/funds/flows'), await withdraw(c, 100)]) {
      expect(body(res).status).toBe('ERROR');
      // The web links 实名认证 by the code; the message itself never shows a route (issue 12).
      expect(body(res)).toMatchObject({ code: 'NOT_CERTIFIED', message: expect.stringContaining('实名认证') });
      expect(body(res).message).not.toContain('/user/');
    }
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it('opens a virtual account once per enterprise (idempotent)', async () => {
    const [e] = await t.database.db.insert(enterprises).values({ name: '新开户测试企业有限公司', certified: true }).returning();
    const first = await t.database.db.transaction((tx) => openVirtualAccount(tx, e.id));
    const again = await t.database.db.transaction((tx) => openVirtualAccount(tx, e.id));
    expect(again).toEqual(first);
    expect(first.accountNo).toMatch(/^6222\d{11}$/);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from ledger_accounts where enterprise_id = ${e.id}`);
    // Available, frozen, controlled and the pledge margins (issue 22).
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(4);
  });

  it('keeps journal lines immutable', async () => {
    await expect(t.database.db.execute(sql`update journal_lines set amount = amount + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });
});

describe('deposit by an operator', () => {
  it('is credited only when a second operator approves it: the recording operator is refused, nothing moves before (issue 21)', async () => {
    const before = await balanceOf(demo);
    const fingerprint = await ledgerFingerprint(t.database.db);
    const recorded = await op.post(
      '/api/bpm/funds/deposit',
      { accountNo: demoAccount.accountNo, amount: 100_000_000_000, payerName: '某付款人', memo: '未核实的回单', idempotencyKey: newKey() },
      json,
    );
    // ¥1,000,000,000.00 typed by one operator: recorded, awaiting review, not money.
    expect(body(recorded)).toMatchObject({
      status: 'OK',
      message: { kind: 'DEPOSIT', status: 'PENDING_REVIEW', amount: 100_000_000_000, enterpriseName: '上海鑫源贸易有限公司' },
    });
    const taskId = body<{ taskId: number }>(recorded).message.taskId;
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(await balanceOf(demo)).toEqual(before);

    // The inbox shows the receipt in words; the operator who recorded it may neither approve nor claim it.
    const task = body<{
      type: string;
      typeLabel: string;
      decisionLabels: { approve: string; reject: string };
      fields: { label: string; value: string }[];
      fourEyes: { blockedReason: string };
    }>(await op.get(`/api/bpm/tasks/${taskId}`)).message;
    // The buttons say what the click does (issue 37): 入账 credits the account, nothing is 已入账 before it.
    expect(task).toMatchObject({ type: 'FUNDS_DEPOSIT', typeLabel: '入金复核', decisionLabels: { approve: '入账', reject: '不予入账' } });
    expect(task.fields).toEqual([
      { label: '虚拟账号', value: demoAccount.accountNo },
      { label: '企业', value: '上海鑫源贸易有限公司' },
      { label: '金额', value: '¥1,000,000,000.00' },
      { label: '付款人', value: '某付款人' },
      { label: '付款账号', value: '—' },
      { label: '摘要', value: '未核实的回单' },
    ]);
    expect(task.fourEyes.blockedReason).toContain('须由另一位操作员');
    for (const call of [`/api/bpm/tasks/${taskId}/approve`, `/api/bpm/tasks/${taskId}/claim`])
      expect(body(await op.post(call, {}, json))).toMatchObject({ status: 'ERROR', code: 'MAKER_CHECKER' });
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);

    // The second operator finds the bank never received it and rejects: nothing is credited.
    expect(body(await checker.post(`/api/bpm/tasks/${taskId}/reject`, { reason: '银行未见到账' }, json)).status).toBe('OK');
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(body(await checker.post(`/api/bpm/tasks/${taskId}/approve`, {}, json)).status).toBe('ERROR');
    expect(await balanceOf(demo)).toEqual(before);

    // A real one: approved by the second operator, credited once, in the decision's audit row.
    const credited = await depositThroughReview(op, checker, { accountNo: demoAccount.accountNo, amount: 300_000, memo: '银行回单 HD000' });
    expect((await balanceOf(demo)).available).toBe(before.available + 300_000);
    const after = await ledgerFingerprint(t.database.db);
    expect(body(await checker.post(`/api/bpm/tasks/${credited.taskId}/approve`, {}, json)).status).toBe('ERROR');
    expect(await ledgerFingerprint(t.database.db)).toBe(after);
    const [audit] = (
      (await t.database.db.execute(
        sql`select actor_name, after from bpm_audit_log where task_id = ${credited.taskId} and action = 'APPROVE'`,
      )) as unknown as { rows: { actor_name: string; after: { record: { refNo: string; confirmedBy: number } } }[] }
    ).rows;
    expect(audit.actor_name).toBe('钱核');
    expect(audit.after.record.refNo).toBe(credited.refNo);
  });

  it('records once per idempotency key: a replay answers the same task, and the approval credits once', async () => {
    const before = await balanceOf(demo);
    const key = newKey();
    const payload = {
      accountNo: demoAccount.accountNo,
      amount: 5_000_000,
      payerName: '上海鑫源贸易有限公司',
      payerAccountNo: '31001234567890',
      memo: '银行回单 HD001',
    };
    const first = await op.post('/api/bpm/funds/deposit', payload, { json: true, headers: { 'idempotency-key': key } });
    expect(body(first)).toMatchObject({
      status: 'OK',
      message: {
        kind: 'DEPOSIT',
        status: 'PENDING_REVIEW',
        amount: 5_000_000,
        enterpriseName: '上海鑫源贸易有限公司',
        taskId: expect.any(Number),
      },
    });
    const tasks = async () =>
      body<{ totalCount: number }>(await op.get('/api/bpm/tasks', { type: 'FUNDS_DEPOSIT', state: 'PENDING' })).message.totalCount;
    const pending = await tasks();
    const fingerprint = await ledgerFingerprint(t.database.db);
    const replay = await op.post('/api/bpm/funds/deposit', payload, { json: true, headers: { 'idempotency-key': key } });
    expect(replay.json()).toEqual(first.json());
    expect(await tasks()).toBe(pending);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    const changed = await op.post(
      '/api/bpm/funds/deposit',
      { ...payload, amount: 5_000_001 },
      { json: true, headers: { 'idempotency-key': key } },
    );
    expect(body(changed)).toMatchObject({ status: 'ERROR', message: expect.stringContaining('幂等键') });
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(await tasks()).toBe(pending);

    const taskId = body<{ taskId: number }>(first).message.taskId;
    expect(body(await checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '已核对' }, json)).status).toBe('OK');
    const history = body<{ history: { action: string; after: { record: Record<string, unknown> } }[] }>(
      await checker.get(`/api/bpm/tasks/${taskId}`),
    ).message.history;
    expect(history.find((h) => h.action === 'APPROVE')!.after.record).toMatchObject({
      kind: 'DEPOSIT',
      amount: 5_000_000,
      enterpriseName: '上海鑫源贸易有限公司',
      refNo: expect.stringMatching(/^LS\d{16}$/),
    });
    expect((await balanceOf(demo)).available).toBe(before.available + 5_000_000);
  });

  it('refuses an unknown account number, a bad amount, a missing key and a merchant caller', async () => {
    const before = await ledgerFingerprint(t.database.db);
    const tasks = async () => body<{ totalCount: number }>(await op.get('/api/bpm/tasks', { type: 'FUNDS_DEPOSIT' })).message.totalCount;
    const tasksBefore = await tasks();
    expect(
      body(await op.post('/api/bpm/funds/deposit', { accountNo: '622299999999999', amount: 100, idempotencyKey: newKey() }, json)).message,
    ).toContain('虚拟账号不存在');
    expect(
      body(await op.post('/api/bpm/funds/deposit', { accountNo: demoAccount.accountNo, amount: 0, idempotencyKey: newKey() }, json))
        .message,
    ).toContain('入金金额必须大于0');
    expect(body(await op.post('/api/bpm/funds/deposit', { accountNo: demoAccount.accountNo, amount: 100 }, json)).message).toContain(
      '幂等键',
    );
    expect(
      (await demo.post('/api/bpm/funds/deposit', { accountNo: demoAccount.accountNo, amount: 100, idempotencyKey: newKey() }, json))
        .statusCode,
    ).toBe(403);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await tasks()).toBe(tasksBefore);
  });
});

describe('fund flows', () => {
  it('lists the newest flows first with type labels, directions and a total', async () => {
    await depositThroughReview(op, checker, { accountNo: demoAccount.accountNo, amount: 12_345, payerName: '江苏客户甲' });
    const res = body<{
      items: { flowType: string; typeLabel: string; direction: string; amount: number; counterpartyName: string; refNo: string }[];
      totalCount: number;
    }>(await demo.get('/api/funds/flows', { page: 1, size: 2 }));
    expect(res.status).toBe('OK');
    expect(res.message.items).toHaveLength(2);
    expect(res.message.items[0]).toMatchObject({
      flowType: 'DEPOSIT',
      typeLabel: '充值入账',
      direction: 'IN',
      amount: 12_345,
      counterpartyName: '江苏客户甲',
    });
    expect(res.message.totalCount).toBeGreaterThanOrEqual(3);
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from journal_lines where enterprise_id = ${demoAccount.enterpriseId} and bucket in ('AVAILABLE', 'CONTROLLED')`,
    );
    expect(res.message.totalCount).toBe((count as unknown as { rows: { n: number }[] }).rows[0].n);
  });

  it('filters by type, direction and date range, and refuses a bad filter', async () => {
    const deposits = body<{ items: { flowType: string }[]; totalCount: number }>(
      await demo.get('/api/funds/flows', { type: 'DEPOSIT', size: 50 }),
    ).message;
    expect(deposits.items.length).toBeGreaterThan(0);
    expect(deposits.items.every((f) => f.flowType === 'DEPOSIT')).toBe(true);
    expect(deposits.totalCount).toBe(deposits.items.length);
    const out = body<{ items: { direction: string }[] }>(await demo.get('/api/funds/flows', { direction: 'OUT', size: 50 })).message;
    expect(out.items.every((f) => f.direction === 'OUT')).toBe(true);
    const future = body<{ items: unknown[]; totalCount: number }>(
      await demo.get('/api/funds/flows', { startDate: '2099-01-01', endDate: '2099-12-31' }),
    ).message;
    expect(future).toEqual({ items: [], totalCount: 0 });
    const today = chinaDate();
    expect(
      body<{ totalCount: number }>(await demo.get('/api/funds/flows', { startDate: today, endDate: today })).message.totalCount,
    ).toBeGreaterThan(0);
    expect(body(await demo.get('/api/funds/flows', { type: 'NOPE' })).message).toContain('类型不正确');
    expect(body(await demo.get('/api/funds/flows', { startDate: '2026-05-01', endDate: '2026-04-01' })).message).toContain(
      '开始日期不能晚于结束日期',
    );
    expect((await demo.get('/api/funds/flows', { startDate: '2026-02-30' })).statusCode).toBe(400);
  });

  it('sums inflow and outflow by month for the chart', async () => {
    const months = body<{ month: string; inflow: number; outflow: number }[]>(await demo.get('/api/funds/flows/monthly')).message;
    expect(months).toHaveLength(12);
    const thisMonth = chinaDate().slice(0, 7);
    expect(months.at(-1)!.month).toBe(thisMonth);
    // The seeded year (seed/history.ts): money came in and went out every month.
    expect(months.every((m) => m.inflow > 0 && m.outflow > 0)).toBe(true);
  });

  it('exports every matching flow', async () => {
    const res = body<{ items: unknown[]; truncated: boolean }>(await demo.get('/api/funds/flows/export', { direction: 'IN' })).message;
    expect(res.truncated).toBe(false);
    expect(res.items.length).toBeGreaterThanOrEqual(2);
  });
});

describe('withdrawal', () => {
  it('freezes amount + fee, and the operator confirms the pay-out', async () => {
    const before = await balanceOf(demo);
    const info = body<{ fee: number; maxAmount: number; settlementAccount: { accountNo: string } | null }>(
      await demo.get('/api/funds/withdrawal/info'),
    ).message;
    expect(info.fee).toBe(2000);
    expect(info.maxAmount).toBe(before.available - 2000);
    expect(info.settlementAccount).not.toBeNull();

    const key = newKey();
    const res = await withdraw(demo, 1_000_000, { key });
    expect(body(res)).toMatchObject({
      status: 'OK',
      message: { kind: 'WITHDRAWAL', amount: 1_000_000, fee: 2000, total: 1_002_000, status: 'PENDING' },
    });
    const after = await balanceOf(demo);
    expect(after).toMatchObject({ available: before.available - 1_002_000, frozen: before.frozen + 1_002_000, balance: before.balance });

    // Same key: the first answer, nothing posted again. Same key, other amount: refused.
    const fingerprint = await ledgerFingerprint(t.database.db);
    expect((await withdraw(demo, 1_000_000, { key })).json()).toEqual(res.json());
    expect(body(await withdraw(demo, 2_000_000, { key })).message).toContain('幂等键');
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);

    const flows = body<{ items: { flowType: string; amount: number }[] }>(await demo.get('/api/funds/flows', { size: 2 })).message.items;
    expect(flows.map((f) => [f.flowType, f.amount]).sort()).toEqual([
      ['WITHDRAWAL', 1_000_000],
      ['WITHDRAWAL_FEE', 2000],
    ]);

    const { withdrawalId } = body<{ withdrawalId: number }>(res).message;
    // Maker-checker: one operator reviews the request, the second confirms the pay-out.
    await approveTask('FUNDS_WITHDRAWAL_REVIEW', withdrawalId);
    await approveTask('FUNDS_WITHDRAWAL', withdrawalId, 'approve', '', checker);
    const paid = await balanceOf(demo);
    expect(paid).toMatchObject({ available: after.available, frozen: before.frozen, balance: before.balance - 1_002_000 });
    const list = body<{ items: { id: number; status: string }[] }>(await demo.get('/api/funds/withdrawals')).message.items;
    expect(list.find((w) => w.id === withdrawalId)?.status).toBe('PAID');
  });

  it('a failed pay-out returns the money and the fee', async () => {
    const before = await balanceOf(demo);
    const res = body<{ withdrawalId: number }>(await withdraw(demo, 300_000));
    expect(res.status).toBe('OK');
    await approveTask('FUNDS_WITHDRAWAL_REVIEW', res.message.withdrawalId);
    await approveTask('FUNDS_WITHDRAWAL', res.message.withdrawalId, 'reject', undefined, checker);
    expect(await balanceOf(demo)).toMatchObject({ available: before.available, frozen: before.frozen, balance: before.balance });
    const flows = body<{ items: { flowType: string }[] }>(await demo.get('/api/funds/flows', { size: 2 }))
      .message.items.map((f) => f.flowType)
      .sort();
    expect(flows).toEqual(['WITHDRAWAL_FEE_REFUND', 'WITHDRAWAL_REFUND']);
  });

  it.each([
    ['zero', 0, '提现金额必须大于0'],
    ['negative', -100, '提现金额必须大于0'],
    ['more than two decimals of yuan (a fraction of a cent)', 123.4, '最多两位小数'],
    ['a fraction of a cent as text', '100.5', '最多两位小数'],
    ['beyond the safe-integer range', 2 ** 60, '超出允许范围'],
    ['beyond the safe-integer range as text', '9007199254740993', '超出允许范围'],
    ['not a number', 'abc', '格式不正确'],
    ['missing', undefined, '请输入提现金额'],
  ])('refuses an amount that is %s, leaving the ledger untouched', async (_what, amount, message) => {
    const before = await ledgerFingerprint(t.database.db);
    const res = body(await withdraw(demo, amount));
    expect(res.status).toBe('ERROR');
    expect(res.message).toContain(message);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it('refuses more than available − fee, a wrong password and a missing key, leaving the ledger untouched', async () => {
    const { available } = await balanceOf(demo);
    const before = await ledgerFingerprint(t.database.db);
    const over = body(await withdraw(demo, available - 1999));
    expect(over).toMatchObject({ status: 'ERROR', message: expect.stringContaining('可用余额不足') });
    expect(over.message).toContain('最多可提现');
    expect(body(await withdraw(demo, 100, { password: 'Wrong1234' })).message).toContain('登录密码不正确');
    expect(
      body(await demo.post('/api/funds/withdraw', { amount: 100, password: 'not-encrypted', idempotencyKey: newKey() }, json)).message,
    ).toContain('密码加密数据无效');
    expect(body(await demo.post('/api/funds/withdraw', { amount: 100, password: t.encrypt(DEMO_PASSWORD) }, json)).message).toContain(
      '幂等键',
    );
    expect(body(await demo.post('/api/funds/withdraw', { amount: 100, idempotencyKey: newKey() }, json)).message).toContain(
      '请输入登录密码',
    );
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it('works form-encoded too (the default POST encoding), with the key in the header', async () => {
    const res = await demo.post(
      '/api/funds/withdraw',
      { amount: '100', password: t.encrypt(DEMO_PASSWORD) },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(body(res)).toMatchObject({ status: 'OK', message: { amount: 100, fee: 2000 } });
  });
});

describe('internal transfer', () => {
  it('moves money to another enterprise when account number and name match, with the fee to the factor', async () => {
    const payer = await balanceOf(demo);
    const payee = await balanceOf(gouxiao);
    const res = await demo.post(
      '/api/funds/transfer',
      {
        payeeAccountNo: gxAccount.accountNo,
        payeeName: gxAccount.accountName,
        amount: 880_000,
        memo: '货款',
        password: t.encrypt(DEMO_PASSWORD),
        idempotencyKey: newKey(),
      },
      json,
    );
    expect(body(res)).toMatchObject({
      status: 'OK',
      message: { kind: 'TRANSFER', amount: 880_000, fee: 2000, total: 882_000, payeeName: '浙江远航供应链管理有限公司' },
    });
    expect((await balanceOf(demo)).available).toBe(payer.available - 882_000);
    expect((await balanceOf(gouxiao)).available).toBe(payee.available + 880_000);
    const incoming = body<{ items: { flowType: string; amount: number; counterpartyName: string }[] }>(
      await gouxiao.get('/api/funds/flows', { size: 1 }),
    ).message.items[0];
    expect(incoming).toMatchObject({ flowType: 'TRANSFER_IN', amount: 880_000, counterpartyName: '上海鑫源贸易有限公司' });

    // The result page's lookup works for the owner only.
    const { refNo } = body<{ refNo: string }>(res).message;
    expect(body(await demo.get('/api/funds/result', { refNo }))).toMatchObject({
      status: 'OK',
      message: { kind: 'TRANSFER', amount: 880_000, fee: 2000 },
    });
    expect((await t.loginAs('cangchu').then((c) => c.get('/api/funds/result', { refNo }))).statusCode).toBe(404);
  });

  it('refuses a payee that does not match, the own account and an amount over available, leaving the ledger untouched', async () => {
    const before = await ledgerFingerprint(t.database.db);
    const send = (payeeAccountNo: string, payeeName: string, amount: unknown = 100) =>
      demo
        .post(
          '/api/funds/transfer',
          { payeeAccountNo, payeeName, amount, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          json,
        )
        .then(body);
    expect((await send(gxAccount.accountNo, '浙江远航')).message).toContain('收款账号与收款户名不匹配');
    expect((await send('622200000000999', gxAccount.accountName)).message).toContain('收款账号与收款户名不匹配');
    expect((await send(demoAccount.accountNo, demoAccount.accountName)).message).toContain('不能向本企业');
    expect((await send(gxAccount.accountNo, gxAccount.accountName, 10 ** 15)).message).toContain('可用余额不足');
    expect((await send('', gxAccount.accountName)).message).toContain('请输入收款账号');
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });
});

describe('payee whitelist, consignment and controlled funds', () => {
  let payeeId: number;

  it('opens a payee that waits for the operator, then is active', async () => {
    const res = await demo.post(
      '/api/funds/payees',
      {
        idempotencyKey: newKey(),
        name: '江西铜材供应有限公司',
        bankName: '中国银行南昌分行',
        accountNo: '6216 6100 0001 2345',
        relation: 'UPSTREAM',
      },
      json,
    );
    expect(body(res)).toMatchObject({ status: 'OK', message: { status: 'PENDING', accountNo: '6216610000012345' } });
    payeeId = body<{ id: number }>(res).message.id;
    expect(
      body(
        await demo.post(
          '/api/funds/payees',
          { idempotencyKey: newKey(), name: '重复', bankName: '中国银行', accountNo: '6216610000012345' },
          json,
        ),
      ).message,
    ).toContain('请勿重复添加');
    expect(
      (await demo.post('/api/funds/payees', { idempotencyKey: newKey(), name: 'x', bankName: '中国银行', accountNo: '12' }, json))
        .statusCode,
    ).toBe(400);
    await approveTask('FUNDS_PAYEE', payeeId);
    const list = body<{ items: { id: number; status: string }[] }>(await demo.get('/api/funds/payees', { status: 'ACTIVE' })).message.items;
    expect(list.find((p) => p.id === payeeId)?.status).toBe('ACTIVE');
  });

  it('a change of an active payee is reviewed too; the old details stay until approved', async () => {
    const res = await demo.post(
      `/api/funds/payees/${payeeId}/change`,
      { name: '江西铜材供应有限公司', bankName: '中国银行南昌红谷滩支行', accountNo: '6216610000012345', relation: 'UPSTREAM' },
      json,
    );
    expect(body(res)).toMatchObject({
      status: 'OK',
      message: { status: 'ACTIVE', bankName: '中国银行南昌分行', pendingChange: { bankName: '中国银行南昌红谷滩支行' } },
    });
    await approveTask('FUNDS_PAYEE', payeeId);
    const p = body<{ items: { id: number; bankName: string; pendingChange: unknown }[] }>(
      await demo.get('/api/funds/payees'),
    ).message.items.find((x) => x.id === payeeId)!;
    expect(p).toMatchObject({ bankName: '中国银行南昌红谷滩支行', pendingChange: null });
    // Another enterprise cannot touch it.
    expect(
      (
        await gouxiao.post(
          `/api/funds/payees/${payeeId}/change`,
          { name: 'x公司', bankName: '中国银行', accountNo: '62166100000123' },
          json,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('a rejected payee stays out of the whitelist', async () => {
    const res = body<{ id: number }>(
      await demo.post(
        '/api/funds/payees',
        { idempotencyKey: newKey(), name: '可疑收款方', bankName: '某银行', accountNo: '99990000111122' },
        json,
      ),
    );
    await approveTask('FUNDS_PAYEE', res.message.id, 'reject', '资料不全');
    const p = body<{ items: { id: number; status: string; reviewNote: string }[] }>(await demo.get('/api/funds/payees')).message.items.find(
      (x) => x.id === res.message.id,
    );
    expect(p).toMatchObject({ status: 'REJECTED', reviewNote: '资料不全' });
  });

  it('consignment: an application for an active payee, approved, is listed by getPassedApplcation', async () => {
    const res = await demo.post(
      '/api/funds/consignments',
      { idempotencyKey: newKey(), payeeId, contractNo: 'CG-2026-001', amountLimit: 50_000_000, remark: '铜材采购' },
      json,
    );
    expect(body(res)).toMatchObject({ status: 'OK', message: { status: 'PENDING' } });
    const passedBefore = await demo.post('/api/payforanother/getPassedApplcation', {}, { headers: { accept: 'application/json' } });
    expect(body<{ totalCount: number }>(passedBefore).message.totalCount).toBe(0);
    await approveTask('FUNDS_CONSIGNMENT', body<{ id: number }>(res).message.id);
    const passed = body<{ items: { contractNo: string; payeeName: string; amountLimit: number }[] }>(
      await demo.post('/api/payforanother/getPassedApplcation', {}, { headers: { accept: 'application/json' } }),
    ).message.items;
    expect(passed).toEqual([
      expect.objectContaining({ contractNo: 'CG-2026-001', payeeName: '江西铜材供应有限公司', amountLimit: 50_000_000 }),
    ]);
  });

  it('controlled money leaves only by targeted payment to an active payee; withdrawals use only the free part', async () => {
    const eid = demoAccount.enterpriseId;
    const { trancheId } = await t.database.db.transaction((tx) =>
      postControlledDisbursement(tx, { enterpriseId: eid, amount: 20_000_000 as Cents, sourceRef: 'SL-TEST-001' }),
    );
    const b = await balanceOf(demo);
    expect(b.balance).toBe(b.available + b.frozen + b.controlled);
    expect(b.controlled).toBeGreaterThanOrEqual(20_000_000);

    const before = await ledgerFingerprint(t.database.db);
    // A withdrawal of more than the free part is refused even though the total balance covers it.
    expect(body(await withdraw(demo, b.available - 2000 + 1)).message).toContain('可用余额不足');
    const pay = (p: Record<string, unknown>) =>
      demo.post('/api/funds/targeted-payment', { password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey(), ...p }, json).then(body);
    const rejected = body<{ items: { id: number; status: string }[] }>(await demo.get('/api/funds/payees', { status: 'REJECTED' })).message
      .items[0];
    expect((await pay({ payeeId: rejected.id, amount: 100 })).message).toContain('不在生效的白名单中');
    expect((await pay({ payeeId, amount: 20_000_001, trancheId })).message).toContain('剩余');
    expect((await pay({ payeeId, amount: 0 })).message).toContain('支付金额必须大于0');
    // Another enterprise's payee or tranche: not found.
    const gxPayee = body<{ id: number }>(
      await gouxiao.post(
        '/api/funds/payees',
        { idempotencyKey: newKey(), name: '远航上游公司', bankName: '建设银行', accountNo: '1234567890123' },
        json,
      ),
    ).message.id;
    expect(
      (
        await demo.post(
          '/api/funds/targeted-payment',
          { payeeId: gxPayee, amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          json,
        )
      ).statusCode,
    ).toBe(404);
    await approveTask('FUNDS_PAYEE', gxPayee);
    expect(
      (
        await gouxiao.post(
          '/api/funds/targeted-payment',
          { payeeId: gxPayee, trancheId, amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          json,
        )
      ).statusCode,
    ).toBe(404);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);

    const ok = await pay({ payeeId, amount: 7_500_000, trancheId, purpose: '铜材货款' });
    expect(ok).toMatchObject({
      status: 'OK',
      message: {
        kind: 'TARGETED_PAYMENT',
        amount: 7_500_000,
        payeeName: '江西铜材供应有限公司',
        tranches: [{ trancheId, amount: 7_500_000 }],
      },
    });
    expect((await balanceOf(demo)).controlled).toBe(b.controlled - 7_500_000);
    const tranches = body<{ items: { id: number; remaining: number; payments: { amount: number; payeeName: string }[] }[] }>(
      await demo.get('/api/funds/controlled'),
    ).message.items;
    expect(tranches.find((x) => x.id === trancheId)).toMatchObject({
      remaining: 12_500_000,
      payments: [{ amount: 7_500_000, payeeName: '江西铜材供应有限公司' }],
    });

    const updown = body<{ items: { counterpartyName: string; relation: string; outflow: number }[]; totals: { outflow: number } }>(
      await demo.get('/api/funds/flows/counterparties', { relation: 'UPSTREAM' }),
    ).message;
    expect(updown.items.find((i) => i.counterpartyName === '江西铜材供应有限公司')).toMatchObject({
      relation: 'UPSTREAM',
      outflow: 7_500_000,
    });
    expect(updown.totals.outflow).toBe(updown.items.reduce((s, i) => s + i.outflow, 0));
    // Withdrawals to the own settlement account and 平台内转账 (to 浙江远航 above) are not trade partners.
    const all = body<{ items: { counterpartyName: string }[] }>(await demo.get('/api/funds/flows/counterparties')).message.items;
    const names = all.map((i) => i.counterpartyName);
    expect(names).toContain('江西铜材供应有限公司');
    expect(names).not.toContain(demoAccount.accountName);
    expect(names).not.toContain(gxAccount.accountName);
  });

  it('lists mask account numbers; the owner sees a payee in full in its detail', async () => {
    const masked = /^\*{4} \d{4}$/;
    const payees = body<{ items: { id: number; accountNo: string }[] }>(await demo.get('/api/funds/payees')).message.items;
    expect(payees.length).toBeGreaterThan(0);
    for (const p of payees) expect(p.accountNo).toMatch(masked);
    expect(payees.find((p) => p.id === payeeId)?.accountNo).toBe('**** 2345');
    expect(body(await demo.get(`/api/funds/payees/${payeeId}`))).toMatchObject({
      status: 'OK',
      message: { id: payeeId, accountNo: '6216610000012345' },
    });
    expect((await gouxiao.get(`/api/funds/payees/${payeeId}`)).statusCode).toBe(404);

    const withdrawals = body<{ items: { bankAccountNo: string }[] }>(await demo.get('/api/funds/withdrawals')).message.items;
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const w of withdrawals) expect(w.bankAccountNo).toMatch(masked);
    const consignments = body<{ items: { payeeAccountNo: string }[] }>(await demo.get('/api/funds/consignments')).message.items;
    expect(consignments.map((c) => c.payeeAccountNo)).toEqual(['**** 2345']);
    const paid = body<{ items: { payments: { payeeAccountNo: string }[] }[] }>(
      await demo.get('/api/funds/controlled'),
    ).message.items.flatMap((x) => x.payments);
    // The test's own payment, and the seeded year's payments to the demo's whitelisted suppliers: all masked.
    expect(paid.filter((p) => p.payeeAccountNo === '**** 2345').length).toBeGreaterThan(0);
    for (const p of paid) expect(p.payeeAccountNo).toMatch(masked);
  });

  it('repayment: principal, interest and penalty from the free part; refused when it does not cover', async () => {
    const eid = demoAccount.enterpriseId;
    const before = await balanceOf(demo);
    await t.database.db.transaction((tx) =>
      postRepayment(tx, {
        enterpriseId: eid,
        principal: 1_000_000 as Cents,
        interest: 4_083 as Cents,
        penalty: 10 as Cents,
        sourceRef: 'SL-TEST-001',
      }),
    );
    expect((await balanceOf(demo)).available).toBe(before.available - 1_004_093);
    const fingerprint = await ledgerFingerprint(t.database.db);
    await expect(
      t.database.db.transaction((tx) =>
        postRepayment(tx, {
          enterpriseId: eid,
          principal: (before.available * 2) as Cents,
          interest: 0 as Cents,
          penalty: 0 as Cents,
          sourceRef: 'x',
        }),
      ),
    ).rejects.toThrow('可用余额不足');
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });
});
