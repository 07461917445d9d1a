import type { RatiosAnswer, RiskFinancing, RiskLimits, RiskLimitsAnswer } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, bpmTasks, siteConfig } from '../../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp, type TestClient } from '../../test/harness.ts';
import {
  approveTask,
  newKey,
  okOf,
  pendingTask,
  refusal,
  roles,
  signContract,
  verifiedInvoice,
  clearAssignment,
  type Applied,
  type Roles,
} from '../supplyloan/testing.ts';
import { ratioAgainstLimit } from './guard.ts';

// Issue 27, the limits as configuration and the gate before money goes out, on PGlite and PostgreSQL:
// an approval that would push one debtor past its share of risk assets is refused with the figures and
// changes nothing; past the warning level it passes, flagged in the audit row; the per-borrower cap holds
// at the disbursement; the limits are validated, audited and for operators only.

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
}, 300_000);
afterAll(async () => t?.close());

const put = (c: TestClient, url: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: JSON.stringify(body),
    headers: {
      host: 'portal.test',
      ...(c.cookie ? { cookie: c.cookie } : {}),
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: ORIGIN,
    },
  });

const limitsNow = async () => okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits')).limits;
type Proposal = { taskId: number; notice: string; changes: { key: string; label: string; before: string; after: string }[] };
/** New limits in force: proposed by one operator (赵审), approved by another (钱核) — four eyes, issue 33. */
async function setLimits(patch: Partial<Record<keyof RiskLimits, number>>) {
  const proposal = okOf<Proposal>(await put(r.operator, '/api/bpm/risk/limits', { ...(await limitsNow()), ...patch }));
  okOf(await r.checker.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '复核同意' }));
  return limitsNow();
}

/** An invoice financing of the demo borrower on the supply platform, signed and waiting for 融资审批. */
async function submittedFinancing(amount: number) {
  const invoiceId = await verifiedInvoice(r, Math.ceil(amount / 0.8));
  const applied = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount, termDays: 30, idempotencyKey: newKey() },
      { json: true },
    ),
  );
  okOf(await signContract(t, r.demo, applied.contractId));
  return applied;
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const pct = (part: number, whole: number) => `${(Math.round((part * 1_000_000) / whole) / 10_000).toFixed(2)}%`;
const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The book as the desk reads it: risk assets, the supply debtor's receivables, the demo borrower's principal. */
async function book() {
  const ratios = okOf<RatiosAnswer>(await r.operator.get('/api/bpm/risk/ratios'));
  const debtorRows = okOf<RiskFinancing[]>(
    await r.operator.get('/api/bpm/risk/exposure/financings', { dimension: 'debtor', key: String(r.buyerEnterpriseId) }),
  );
  const borrowerRows = okOf<RiskFinancing[]>(
    await r.operator.get('/api/bpm/risk/exposure/financings', { dimension: 'borrower', key: String(r.enterpriseId) }),
  );
  return {
    riskAssets: ratios.riskAssets,
    debtor: sum(debtorRows.filter((x) => x.product !== 'PLEDGE').map((x) => x.principal)),
    borrower: sum(borrowerRows.map((x) => x.principal)),
  };
}

describe('risk limits: the gate of approvals', () => {
  it('refuses an approval that would push one debtor past 50 % of risk assets, with the figures, and changes nothing', async () => {
    await setLimits({ concentrationFloor: 0, maxDebtorSharePpm: 500_000 });
    const b = await book();
    expect(b.riskAssets).toBeGreaterThan(0);
    // Enough to take the debtor past half the book: (debtor + x) / (risk assets + x) > 50 %.
    const amount = Math.max(b.riskAssets - 2 * b.debtor, 0) + 5_000_000;
    const f = await submittedFinancing(amount);
    const taskId = await pendingTask(r.operator, 'FINANCING_APPROVAL', f.id);

    // The drawer shows the book after the decision.
    const detail = okOf<{ facts: { label: string; value: string }[] }>(await r.operator.get(`/api/bpm/tasks/${taskId}`));
    const share = pct(b.debtor + amount, b.riskAssets + amount);
    expect(detail.facts.find((x) => x.label === '审批后·单一债务人占风险资产')?.value).toContain(`占风险资产 ${share}，超过上限 50.00%`);
    expect(detail.facts.find((x) => x.label === '审批后·风险资产 / 净资产')?.value).toMatch(/^正常：风险资产 ¥/);

    const auditBefore = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.taskId, taskId));
    const message = refusal(await r.operator.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '同意' }));
    expect(message).toMatch(/^审批后债务人 .+ 占风险资产 /);
    expect(message).toContain(`占风险资产 ${share}，超过上限 50.00%`);

    // Nothing changed: the task waits, the financing is still submitted, the book is the same.
    const [task] = await t.database.db.select().from(bpmTasks).where(eq(bpmTasks.id, taskId));
    expect(task.state).toBe('PENDING');
    expect(okOf<{ status: string }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`)).status).toBe('SUBMITTED');
    expect(await book()).toEqual(b);
    const auditAfter = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.taskId, taskId));
    expect(auditAfter.filter((a) => a.action === 'APPROVE')).toHaveLength(auditBefore.filter((a) => a.action === 'APPROVE').length);

    // Below the concentration floor the share is shown, not enforced: the same approval then passes.
    await setLimits({ concentrationFloor: b.riskAssets + amount + 1 });
    okOf(await r.operator.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '同意' }));
    await r.operator.post(`/api/bpm/tasks/${await pendingTask(r.operator, 'FINANCING_DISBURSE', await trancheOf(f.id))}/reject`, {
      reason: '测试：不放款',
    });
  });

  it('passes past the warning level, flagged in the audit row', async () => {
    const b = await book();
    const amount = 1_000_000;
    const after = ((b.debtor + amount) * 1_000_000) / (b.riskAssets + amount);
    // A limit the debtor's share after the approval reaches 95 % of: past the 90 % warning, under the limit.
    await setLimits({ concentrationFloor: 0, maxDebtorSharePpm: Math.ceil(after / 0.95), warningLevelPpm: 900_000 });
    const f = await submittedFinancing(amount);
    const taskId = await pendingTask(r.operator, 'FINANCING_APPROVAL', f.id);
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', f.id));
    const [audit] = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.taskId, taskId), eq(bpmAuditLog.action, 'APPROVE')));
    const warnings = (audit.after as { record: { riskLimitWarnings?: string[] } }).record.riskLimitWarnings ?? [];
    expect(
      warnings.some((w) => w.startsWith('预警：债务人 ') && w.includes(`占风险资产 ${pct(b.debtor + amount, b.riskAssets + amount)}`)),
    ).toBe(true);
    // Approved with its contract signed: on to the disbursement.
    expect(okOf<{ status: string }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`)).status).toBe('CONTRACT_SIGNED');
  });

  it('holds the per-borrower cap at the disbursement', async () => {
    await setLimits({ concentrationFloor: 0, maxDebtorSharePpm: 1_000_000, maxRelatedSharePpm: 1_000_000 });
    const amount = 2_000_000;
    const f = await submittedFinancing(amount);
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', f.id));
    await clearAssignment(t, r, f.id);
    const trancheId = await trancheOf(f.id);
    const b = await book();
    // A cap one cent under what the borrower would owe after this disbursement.
    const cap = b.borrower + amount - 1;
    await setLimits({ maxBorrowerPrincipal: cap });
    const message = refusal(await approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款'));
    expect(message).toContain(`融资余额 ${yuan(b.borrower + amount)}`);
    expect(message).toContain(`超过上限 ${yuan(cap)}`);
    expect(await book()).toEqual(b);
    // At the cap exactly it goes out.
    await setLimits({ maxBorrowerPrincipal: cap + 1 });
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款'));
    expect((await book()).borrower).toBe(b.borrower + amount);
  });
});

async function trancheOf(financingId: number) {
  const detail = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${financingId}`));
  return detail.schedule[0].id;
}

describe('risk limits: the settings', () => {
  it('validates (400 naming the field): integer cents and ppm only, rates that do not fall with age', async () => {
    const current = await limitsNow();
    for (const [bad, field] of [
      [{ ...current, maxDebtorSharePpm: 1_500_000 }, 'maxDebtorSharePpm'],
      [{ ...current, netAssets: '1e3' }, 'netAssets'],
      // The string "100" is not ¥1.00 of net assets: amounts are JSON integers of cents.
      [{ ...current, netAssets: '100' }, 'netAssets'],
      [{ ...current, maxBorrowerPrincipal: '2000000000' }, 'maxBorrowerPrincipal'],
      [{ ...current, concentrationFloor: 10.5 }, 'concentrationFloor'],
      [{ ...current, maxLeveragePpm: '10000000' }, 'maxLeveragePpm'],
      [{ ...current, netAssets: 0 }, 'netAssets'],
      [{ ...current, relatedPartyIds: [r.buyerEnterpriseId, r.buyerEnterpriseId] }, 'relatedPartyIds'],
      [{ ...current, warningLevelPpm: undefined }, 'warningLevelPpm'],
      // A reserve rate falling with age: 31–60 days below 1–30 days.
      [{ ...current, reserveRatesPpm: { ...current.reserveRatesPpm, D1_30: 60_000, D31_60: 50_000 } }, 'reserveRatesPpm.D31_60'],
      [{ ...current, reserveRatesPpm: { CURRENT: 0, D1_30: 0, D31_60: 0, D61_90: 0, D90_PLUS: '0' } }, 'reserveRatesPpm.D90_PLUS'],
    ] as const) {
      const res = await put(r.operator, '/api/bpm/risk/limits', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().field, JSON.stringify(bad)).toBe(field);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (
        await put(r.operator, '/api/bpm/risk/limits', {
          ...current,
          reserveRatesPpm: { ...current.reserveRatesPpm, D1_30: 60_000, D31_60: 50_000 },
        })
      ).json().message,
    ).toContain('逾期 31–60 天计提比例不能低于逾期 1–30 天');
    expect(refusal(await put(r.operator, '/api/bpm/risk/limits', { ...current, relatedPartyIds: [2_000_000_000] }))).toContain(
      '#2000000000',
    );
    expect(okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits'))).toMatchObject({ limits: current, pending: null });
  });

  it('is a proposal: nothing changes until another operator approves; the proposer cannot; audited', async () => {
    const current = await limitsNow();
    const rowsBefore = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityId, 'riskLimits'));
    const proposal = okOf<Proposal>(
      await put(r.operator, '/api/bpm/risk/limits', {
        ...current,
        netAssets: 12_345_600,
        relatedPartyIds: [r.buyerEnterpriseId],
        reserveRatesPpm: { CURRENT: 0, D1_30: 0, D31_60: 0, D61_90: 0, D90_PLUS: 0 },
      }),
    );
    expect(proposal.notice).toBe('已提交复核，另一位操作员批准后生效');
    expect(proposal.changes).toContainEqual({ key: 'netAssets', label: '净资产', before: '¥100,000,000.00', after: '¥123,456.00' });
    expect(proposal.changes).toContainEqual({
      key: 'reserveRatesPpm.D90_PLUS',
      label: '逾期 90 天以上（不良）计提比例',
      before: '50.00%',
      after: '0.00%',
    });
    // Not in force: the limits and the ratios read the old values; the page shows the proposal.
    expect(okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits'))).toMatchObject({
      limits: current,
      pending: { taskId: proposal.taskId },
    });
    expect(okOf<RatiosAnswer>(await r.operator.get('/api/bpm/risk/ratios')).netAssets).toBe(current.netAssets);
    // The proposer cannot approve; a second proposal waits for this one.
    const own = (await r.operator.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '同意' })).json();
    expect(own).toMatchObject({ status: 'ERROR', code: 'MAKER_CHECKER' });
    expect((await put(r.checker, '/api/bpm/risk/limits', { ...current, netAssets: 1_000_000 })).json()).toMatchObject({
      status: 'ERROR',
      code: 'SETTINGS_PENDING',
    });
    expect(await limitsNow()).toEqual(current);

    // Another operator approves: in force, one UPDATE row by the approver with the whole before and after.
    okOf(await r.checker.post(`/api/bpm/tasks/${proposal.taskId}/approve`, { comment: '复核同意' }));
    const saved = okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits'));
    expect(saved.limits.netAssets).toBe(12_345_600);
    expect(saved.relatedParties.map((p) => p.id)).toEqual([r.buyerEnterpriseId]);
    expect(saved.pending).toBeNull();
    const rows = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityId, 'riskLimits'));
    const added = rows.filter((a) => !rowsBefore.some((b) => b.id === a.id)).sort((a, b) => a.id - b.id);
    expect(added.map((a) => [a.entityType, a.action, a.actorName])).toEqual([
      ['RISK_LIMITS_CHANGE', 'SUBMIT', '赵审'],
      ['SITE_CONFIG', 'UPDATE', '钱核'],
      ['RISK_LIMITS_CHANGE', 'APPROVE', '钱核'],
    ]);
    expect(added[1]).toMatchObject({ before: current });
    expect((added[1].after as RiskLimits).netAssets).toBe(12_345_600);
    // Proposing the same again: nothing to review.
    expect((await put(r.operator, '/api/bpm/risk/limits', saved.limits)).json()).toMatchObject({
      status: 'ERROR',
      code: 'SETTINGS_UNCHANGED',
    });

    // The ratios follow: risk assets over the net assets just set.
    const ratios = okOf<RatiosAnswer>(await r.operator.get('/api/bpm/risk/ratios'));
    const leverage = ratios.checks.find((c) => c.key === 'LEVERAGE')!;
    expect(leverage.value).toBe(Math.round((ratios.riskAssets * 1_000_000) / 12_345_600));
    // The demo book (over ¥1,540,000) is more than 10 × ¥123,456.
    expect(ratios.riskAssets).toBeGreaterThan(10 * 12_345_600);
    expect(leverage).toMatchObject({ level: 'BREACH', limit: 10_000_000 });
    expect(leverage.words).toContain('超过上限 10.00 倍');

    // A proposal approved after the limits changed underneath (another writer) is refused and changes nothing.
    const stale = okOf<Proposal>(
      await put(r.operator, '/api/bpm/risk/limits', { ...saved.limits, netAssets: current.netAssets, relatedPartyIds: [] }),
    );
    await t.database.db
      .update(siteConfig)
      .set({ value: { ...saved.limits, warningLevelPpm: 800_000 } })
      .where(eq(siteConfig.key, 'riskLimits'));
    expect((await r.checker.post(`/api/bpm/tasks/${stale.taskId}/approve`, { comment: '同意' })).json()).toMatchObject({
      status: 'ERROR',
      code: 'SETTINGS_STALE',
      message: '风险限额在提交后已被修改，本变更已失效，请驳回后重新提交',
    });
    expect((await limitsNow()).netAssets).toBe(12_345_600);
    okOf(await r.checker.post(`/api/bpm/tasks/${stale.taskId}/reject`, { reason: '已失效，重新提交' }));
    await setLimits({ ...current, relatedPartyIds: [] } as unknown as Partial<Record<keyof RiskLimits, number>>);
    expect(await limitsNow()).toEqual(current);

    for (const who of [r.demo, await t.loginAs('cangchu')]) {
      expect((await who.get('/api/bpm/risk/limits')).statusCode).toBe(403);
      expect((await who.get('/api/bpm/risk/ratios')).statusCode).toBe(403);
      expect((await put(who, '/api/bpm/risk/limits', current)).statusCode).toBe(403);
    }
  });
});

describe('risk limits: one operator cannot lift a limit that refused them', () => {
  it('a refused approval stays refused until another operator approves the raised limit', async () => {
    await setLimits({
      concentrationFloor: 0,
      maxDebtorSharePpm: 500_000,
      maxRelatedSharePpm: 1_000_000,
      maxBorrowerPrincipal: 2_000_000_000,
    });
    const b = await book();
    const amount = Math.max(b.riskAssets - 2 * b.debtor, 0) + 5_000_000;
    const f = await submittedFinancing(amount);
    const taskId = await pendingTask(r.operator, 'FINANCING_APPROVAL', f.id);
    const approve = (c: TestClient) => c.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '同意' });
    expect((await approve(r.operator)).json()).toMatchObject({ status: 'ERROR', code: 'RISK_LIMIT_BREACH' });

    // The refused operator raises the cap: a proposal only, so the approval is still refused.
    const raise = okOf<Proposal>(await put(r.operator, '/api/bpm/risk/limits', { ...(await limitsNow()), maxDebtorSharePpm: 1_000_000 }));
    expect((await approve(r.operator)).json()).toMatchObject({ status: 'ERROR', code: 'RISK_LIMIT_BREACH' });
    expect((await r.operator.post(`/api/bpm/tasks/${raise.taskId}/approve`, { comment: '同意' })).json()).toMatchObject({
      status: 'ERROR',
      code: 'MAKER_CHECKER',
    });
    expect((await limitsNow()).maxDebtorSharePpm).toBe(500_000);
    expect(okOf<{ status: string }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`)).status).toBe('SUBMITTED');

    // Another operator approves the raised limit; only then does the approval pass the gate.
    okOf(await r.checker.post(`/api/bpm/tasks/${raise.taskId}/approve`, { comment: '复核同意' }));
    expect((await limitsNow()).maxDebtorSharePpm).toBe(1_000_000);
    okOf(await approve(r.operator));
    await r.operator.post(`/api/bpm/tasks/${await pendingTask(r.operator, 'FINANCING_DISBURSE', await trancheOf(f.id))}/reject`, {
      reason: '测试：不放款',
    });
  });

  it('shows a refusal percentage with enough decimals to see why', async () => {
    // Pure: 50.000000232 % against 50 % is not "50.00%，超过上限 50.00%".
    expect(ratioAgainstLimit(50_000_000_232, 100_000_000_000, 500_000, 100)).toEqual({ figure: '50.0000002', limit: '50.0000000' });
    expect(ratioAgainstLimit(10_000_000_001, 1_000_000_000, 10_000_000, 1)).toEqual({ figure: '10.000000001', limit: '10.000000000' });
    expect(ratioAgainstLimit(5_035, 10_000, 500_000, 100)).toEqual({ figure: '50.35', limit: '50.00' });

    // Through the gate: a debtor limit set less than 1 ppm under the debtor's share after the approval.
    const b = await book();
    const amount = 1_000_001;
    const [part, whole] = [BigInt(b.debtor + amount), BigInt(b.riskAssets + amount)];
    const exact = (part * 1_000_000n) % whole === 0n;
    const limitPpm = Number((part * 1_000_000n) / whole) - (exact ? 1 : 0);
    await setLimits({ concentrationFloor: 0, maxDebtorSharePpm: limitPpm, maxRelatedSharePpm: 1_000_000 });
    const f = await submittedFinancing(amount);
    const taskId = await pendingTask(r.operator, 'FINANCING_APPROVAL', f.id);
    const message = refusal(await r.operator.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '同意' }));
    const [, figure, limit] = /占风险资产 (\d+\.\d+)%，超过上限 (\d+\.\d+)%/.exec(message)!;
    expect(figure).not.toBe(limit);
    expect(figure.length).toBe(limit.length);
    expect(Number(figure)).toBeGreaterThan(Number(limit));
    expect(Number(limit)).toBeCloseTo(limitPpm / 10_000, 4);
    // The ppm the old words rounded to would have read the figure and the limit alike.
    expect(pct(b.debtor + amount, b.riskAssets + amount)).toBe(`${(limitPpm / 10_000).toFixed(2)}%`);
    const detail = okOf<{ facts: { label: string; value: string }[] }>(await r.operator.get(`/api/bpm/tasks/${taskId}`));
    expect(detail.facts.find((x) => x.label === '审批后·单一债务人占风险资产')?.value).toContain(`${figure}%，超过上限 ${limit}%`);
    await r.operator.post(`/api/bpm/tasks/${taskId}/reject`, { reason: '测试：超过限额' });
    await setLimits({ maxDebtorSharePpm: 1_000_000 });
  });
});
