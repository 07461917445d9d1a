import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, bpmTasks, contracts, creditLines, goods, platforms, stockPositions, users } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_CODES } from '../../seed/supplyloan.ts';
import { DEMO_PASSWORD, type TestApp, type TestClient, createTestApp } from '../../test/harness.ts';
import { checkLedger } from '../ledger/index.ts';
import {
  clearAssignment,
  deposit,
  newKey,
  okOf,
  roles,
  signContract,
  verifiedInvoice,
  type Applied,
  type Roles,
} from '../supplyloan/testing.ts';

/**
 * Maker-checker (issue 12): for every task type that executes what another approved — a financing's
 * disbursement, a pledge's disbursement, a withdrawal's pay-out — the operator who decided the first
 * step is refused the second (decide and claim), with the MAKER_CHECKER code and nothing changed;
 * the second operator (钱核, `fuhe`) succeeds.
 */
let t: TestApp;
let r: Roles;
let checker: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  checker = r.checker;
}, 300_000);
afterAll(() => t?.close());

type Answer = { status: string; message: unknown; code?: string };
const body = (res: { json(): unknown }) => res.json() as Answer;

async function pendingTaskId(type: string, refId: number | string) {
  const list = okOf<{ items: { id: number; refId: string }[] }>(
    await r.operator.get('/api/bpm/tasks', { type, state: 'PENDING', size: 200 }),
  );
  const task = list.items.find((i) => i.refId === String(refId));
  if (!task) throw new Error(`no pending ${type} for ${refId}`);
  return task.id;
}

/**
 * What a refused second step must leave untouched: the task row, the audit log and the ledger. The
 * audit trail records the refused attempt itself (issue 24: outcome REFUSED), and nothing else.
 */
async function fingerprint(taskId: number) {
  const db = t.database.db;
  const [task] = await db.select().from(bpmTasks).where(eq(bpmTasks.id, taskId));
  const audit = await db
    .select({ id: bpmAuditLog.id })
    .from(bpmAuditLog)
    .where(or(isNull(bpmAuditLog.outcome), sql`${bpmAuditLog.outcome} <> 'REFUSED'`));
  const ledger = await checkLedger(db);
  return JSON.stringify({ task, audit: audit.length, ledger });
}

/** The approver is refused the second step (decide either way, and claim), then the second operator executes it. */
async function expectFourEyes(type: string, refId: number | string, firstStepLabel: string) {
  const taskId = await pendingTaskId(type, refId);
  const before = await fingerprint(taskId);

  // The drawer tells the approver before they try, and tells the second operator they may.
  const seenByMaker = okOf<{ fourEyes: { stepLabel: string; decidedByName: string; blockedReason: string | null } }>(
    await r.operator.get(`/api/bpm/tasks/${taskId}`),
  );
  expect(seenByMaker.fourEyes).toMatchObject({ stepLabel: firstStepLabel, decidedByName: '赵审' });
  expect(seenByMaker.fourEyes.blockedReason).toContain('须由另一位操作员');
  const seenByChecker = okOf<{ fourEyes: { blockedReason: string | null } }>(await checker.get(`/api/bpm/tasks/${taskId}`));
  expect(seenByChecker.fourEyes.blockedReason).toBeNull();

  for (const attempt of [
    () => r.operator.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '自己放款' }),
    () => r.operator.post(`/api/bpm/tasks/${taskId}/reject`, { reason: '自己驳回' }),
    () => r.operator.post(`/api/bpm/tasks/${taskId}/claim`, {}),
  ]) {
    const res = await attempt();
    expect(res.statusCode).toBe(200);
    const answer = body(res);
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'ERROR', code: 'MAKER_CHECKER' });
    expect(answer.message).toMatch(/四眼原则/);
    expect(await fingerprint(taskId)).toBe(before);
    const [refused] = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.entityId, String(taskId)), eq(bpmAuditLog.outcome, 'REFUSED')))
      .orderBy(sql`${bpmAuditLog.id} desc`)
      .limit(1);
    expect(refused).toMatchObject({ actorName: '赵审', action: 'OPERATE', comment: expect.stringMatching(/四眼原则/) });
  }

  const done = okOf<{ state: string }>(await checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '复核无误，执行' }));
  expect(done.state).toBe('APPROVED');
  const [row] = await t.database.db.select().from(bpmTasks).where(eq(bpmTasks.id, taskId));
  const [fuhe] = await t.database.db.select().from(users).where(eq(users.loginName, 'fuhe'));
  expect(row!.decidedBy).toBe(fuhe!.id);
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
}

describe('maker-checker in the task inbox', () => {
  it('declares the second step of every two-step type, each naming a listed approving type', async () => {
    const types = okOf<{ type: string; executes?: string; label: string }[]>(await r.operator.get('/api/bpm/taskTypes'));
    const executes = Object.fromEntries(types.filter((x) => x.executes).map((x) => [x.type, x.executes]));
    expect(executes).toMatchObject({
      FINANCING_DISBURSE: 'FINANCING_APPROVAL',
      PLEDGE_DISBURSE: 'PLEDGE_APPROVAL',
      FUNDS_WITHDRAWAL: 'FUNDS_WITHDRAWAL_REVIEW',
    });
    for (const approving of Object.values(executes)) expect(types.map((x) => x.type)).toContain(approving);
  });

  it('financing: the approver cannot disburse; the second operator can', async () => {
    const invoiceId = await verifiedInvoice(r, 200_000_00);
    const applied = okOf<Applied>(
      await r.demo.post(
        '/api/supplyloan/financings',
        { idempotencyKey: newKey(), creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount: 100_000_00, termDays: 60 },
        { json: true },
      ),
    );
    okOf(await r.operator.post(`/api/bpm/tasks/${await pendingTaskId('FINANCING_APPROVAL', applied.id)}/approve`, { comment: '同意' }));
    // The approval drawer shows whether the contract is signed, live.
    const approval = await t.database.db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'FINANCING_APPROVAL'), eq(bpmTasks.refId, String(applied.id))));
    const unsigned = okOf<{ facts: { label: string; value: string }[] }>(await r.operator.get(`/api/bpm/tasks/${approval[0]!.id}`));
    expect(unsigned.facts.find((f) => f.label === '融资合同')?.value).toMatch(/^待签署/);
    okOf(await signContract(t, r.demo, applied.contractId));
    const signed = okOf<{ facts: { label: string; value: string }[] }>(await r.operator.get(`/api/bpm/tasks/${approval[0]!.id}`));
    expect(signed.facts.find((f) => f.label === '融资合同')?.value).toMatch(/^已签署（HT\d{12}，张明 /);

    // Issue 36: the debtor's confirmation and the acknowledged notice of assignment, before the money may go out.
    await clearAssignment(t, r, applied.id);
    const detail = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${applied.id}`));
    await expectFourEyes('FINANCING_DISBURSE', detail.schedule[0]!.id, '融资审批');
    const after = okOf<{ status: string }>(await r.demo.get(`/api/supplyloan/financings/${applied.id}`));
    expect(after.status).toBe('DISBURSED');
  });

  it('withdrawal: the reviewer cannot confirm the pay-out; the second operator can, and the task reads 已出款', async () => {
    const w = okOf<{ withdrawalId: number }>(
      await r.demo.post(
        '/api/funds/withdraw',
        { amount: 50_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    okOf(await r.operator.post(`/api/bpm/tasks/${await pendingTaskId('FUNDS_WITHDRAWAL_REVIEW', w.withdrawalId)}/approve`, {}));
    const payout = await pendingTaskId('FUNDS_WITHDRAWAL', w.withdrawalId);
    const seen = okOf<{ decisionLabels: { approve: string; reject: string } }>(await checker.get(`/api/bpm/tasks/${payout}`));
    expect(seen.decisionLabels).toEqual({ approve: '已出款', reject: '出款失败' });
    await expectFourEyes('FUNDS_WITHDRAWAL', w.withdrawalId, '提现审核');
    const list = okOf<{ items: { id: number; stateLabel: string }[] }>(await checker.get('/api/bpm/tasks', { type: 'FUNDS_WITHDRAWAL' }));
    expect(list.items.find((i) => i.id === payout)?.stateLabel).toBe('已出款');
    const mine = okOf<{ items: { id: number; status: string }[] }>(await r.demo.get('/api/funds/withdrawals'));
    expect(mine.items.find((i) => i.id === w.withdrawalId)?.status).toBe('PAID');
  });

  it('pledge: the approver cannot disburse; the second operator can', async () => {
    const db = t.database.db;
    const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.pledge));
    const [line] = await db
      .select()
      .from(creditLines)
      .where(and(eq(creditLines.platformId, platform!.id), eq(creditLines.enterpriseId, r.enterpriseId)));
    const [coil] = await db.select().from(goods).where(eq(goods.name, '热轧卷板'));
    const [pos] = await db
      .select()
      .from(stockPositions)
      .where(and(eq(stockPositions.goodsId, coil!.id), eq(stockPositions.batchNo, 'RB2610-01')));
    await deposit(t, r.enterpriseId, 40_000_000);
    const applied = okOf<{ id: number }>(
      await r.demo.post(
        '/api/pledge/financings',
        {
          idempotencyKey: newKey(),
          creditLineId: line!.id,
          lines: [{ positionId: pos!.id, quantity: '20.000' }],
          amount: 5_000_000,
          termDays: 90,
        },
        { json: true },
      ),
    );
    okOf(
      await r.demo.post(
        `/api/pledge/financings/${applied.id}/margin`,
        { password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    // The pledge contracts (when the pledge area draws them up) are signed before approval.
    const toSign = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.relatedId, String(applied.id)), like(contracts.relatedType, 'PLEDGE%'), eq(contracts.status, 'TO_SIGN')));
    for (const c of toSign) okOf(await signContract(t, r.demo, c.id));
    okOf(await r.operator.post(`/api/bpm/tasks/${await pendingTaskId('PLEDGE_APPROVAL', applied.id)}/approve`, { comment: '同意' }));
    await expectFourEyes('PLEDGE_DISBURSE', applied.id, '质押融资审批');
  });

  it('an operator who decided nothing of a record still decides its single-step tasks as before', async () => {
    const invoice = okOf<{ id: number }>(
      await r.demo.post('/api/supplyloan/invoices', {
        invoiceCode: '3100231130',
        invoiceNumber: String(80_000_000 + Math.floor(Math.random() * 9_999_999)),
        issueDate: '2026-01-05',
        amount: 10_000_00,
        taxAmount: 0,
        buyerEnterpriseId: r.buyerEnterpriseId,
      }),
    );
    const id = await pendingTaskId('INVOICE_VERIFY', invoice.id);
    expect(okOf<{ fourEyes: unknown }>(await r.operator.get(`/api/bpm/tasks/${id}`)).fourEyes).toBeNull();
    expect(okOf<{ state: string }>(await r.operator.post(`/api/bpm/tasks/${id}/approve`, {})).state).toBe('APPROVED');
  });
});

describe('operator-only back-office endpoints', () => {
  it('answer 403 to an enterprise user and 401 logged out, and serve the operator', async () => {
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/bpm/outbox'],
      ['GET', '/api/bpm/overview'],
      ['GET', '/api/bpm/site-config'],
      ['POST', '/api/bpm/site-config', {}],
      ['GET', '/api/content/faq/manage'],
      ['POST', '/api/content/faq/save', { groupName: '账户', question: '问题？', answer: '回答。' }],
      ['GET', '/api/bpm/purchase-sales/users'],
      ['POST', '/api/bpm/purchase-sales/users/1/feature', { enabled: true, reason: '开通' }],
    ];
    for (const [method, url, payload] of calls) {
      const asMerchant = method === 'GET' ? await r.demo.get(url) : await r.demo.post(url, payload ?? {}, { json: true });
      expect(asMerchant.statusCode, `${method} ${url} as an enterprise user`).toBe(403);
      const anonymous = method === 'GET' ? await t.client().get(url) : await t.client().post(url, payload ?? {}, { json: true });
      expect(anonymous.statusCode, `${method} ${url} logged out`).toBe(401);
    }
    for (const url of [
      '/api/bpm/outbox',
      '/api/bpm/overview',
      '/api/bpm/site-config',
      '/api/content/faq/manage',
      '/api/bpm/purchase-sales/users',
    ])
      expect(body(await r.operator.get(url)).status, url).toBe('OK');
  });

  it('saves the site configuration, once a second operator approves, with an audit row per changed key; refuses bad input unchanged', async () => {
    const { pending, ...config } = okOf<Record<string, unknown> & { contactPhone: string; fees: { withdraw: number }; pending: unknown }>(
      await r.operator.get('/api/bpm/site-config'),
    );
    expect(pending).toBeNull();
    // Four eyes (issue 33): the save is a proposal; 钱核 approves it in the inbox.
    const proposal = okOf<{ taskId: number; notice: string }>(
      await r.operator.post(
        '/api/bpm/site-config',
        { ...config, contactPhone: '400-820-1234', fees: { ...config.fees, withdraw: 1500 } },
        { json: true },
      ),
    );
    expect(proposal.notice).toBe('已提交复核，另一位操作员批准后生效');
    expect(okOf<{ contactPhone: string }>(await t.client().get('/api/initcfg')).contactPhone).toBe(config.contactPhone);
    okOf(await checker.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '同意' }));
    expect(okOf<{ contactPhone: string }>(await t.client().get('/api/initcfg')).contactPhone).toBe('400-820-1234');
    const audit = okOf<{ items: { action: string; entityLabel: string; summary: string; actorName: string }[] }>(
      await r.operator.get('/api/bpm/audit', { action: 'UPDATE' }),
    );
    // Only what changed is written (jsonb's own key order is no change), by the approving operator.
    expect(audit.items.map((a) => a.summary).sort()).toEqual(['修改「手续费」', '修改「联系电话」']);
    expect(audit.items[0]).toMatchObject({ entityLabel: '站点配置', actorName: '钱核' });

    for (const bad of [
      { ...config, contactPhone: 'call me' },
      { ...config, embeds: [{ title: '坏链接', url: 'javascript:alert(1)' }] },
      { ...config, fees: { ...config.fees, withdraw: -1 } },
    ]) {
      const res = await r.operator.post('/api/bpm/site-config', bad, { json: true });
      expect(res.statusCode).toBe(400);
    }
    expect(okOf<{ contactPhone: string }>(await r.operator.get('/api/bpm/site-config')).contactPhone).toBe('400-820-1234');
  });

  it('shows the operator home queues: pending by type with the oldest, and today’s executions', async () => {
    const overview = okOf<{
      queues: { type: string; label: string; count: number; oldestAt: string }[];
      oldest: { typeLabel: string } | null;
      today: { typeLabel: string; stateLabel: string }[];
    }>(await r.operator.get('/api/bpm/overview'));
    expect(overview.queues.length).toBeGreaterThan(0);
    expect(overview.queues.find((q) => q.type === 'ACCOUNT_CHANGE')).toMatchObject({ label: '结算账户变更', count: 1 });
    const [pending] = await t.database.db.select({ id: bpmTasks.id }).from(bpmTasks).where(eq(bpmTasks.state, 'PENDING'));
    expect(pending).toBeDefined();
    expect(overview.oldest).not.toBeNull();
    // Earlier tests in this file disbursed and paid out today, through the second operator.
    expect(overview.today.map((x) => x.typeLabel)).toEqual(expect.arrayContaining(['融资放款', '提现出款', '质押融资放款']));
    expect(overview.today.find((x) => x.typeLabel === '提现出款')?.stateLabel).toBe('已出款');
  });
});
