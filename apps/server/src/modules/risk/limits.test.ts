import type { RatiosAnswer, RiskFinancing, RiskLimits, RiskLimitsAnswer } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, bpmTasks } from '../../db/schema/index.ts';
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
  type Applied,
  type Roles,
} from '../supplyloan/testing.ts';

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
async function setLimits(patch: Partial<Record<keyof RiskLimits, number>>) {
  return okOf<RiskLimitsAnswer>(await put(r.operator, '/api/bpm/risk/limits', { ...(await limitsNow()), ...patch })).limits;
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
  it('validates (400 naming the field), refuses an unknown related party, audits, and is for operators only', async () => {
    const current = await limitsNow();
    for (const bad of [
      { ...current, maxDebtorSharePpm: 1_500_000 },
      { ...current, netAssets: '1e3' },
      { ...current, netAssets: 0 },
      { ...current, relatedPartyIds: [r.buyerEnterpriseId, r.buyerEnterpriseId] },
      { ...current, warningLevelPpm: undefined },
    ]) {
      const res = await put(r.operator, '/api/bpm/risk/limits', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(refusal(await put(r.operator, '/api/bpm/risk/limits', { ...current, relatedPartyIds: [2_000_000_000] }))).toContain(
      '#2000000000',
    );
    expect(await limitsNow()).toEqual(current);

    const rowsBefore = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityId, 'riskLimits'));
    const saved = okOf<RiskLimitsAnswer>(
      await put(r.operator, '/api/bpm/risk/limits', { ...current, netAssets: 12_345_600, relatedPartyIds: [r.buyerEnterpriseId] }),
    );
    expect(saved.limits.netAssets).toBe(12_345_600);
    expect(saved.relatedParties.map((p) => p.id)).toEqual([r.buyerEnterpriseId]);
    const rows = await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityId, 'riskLimits'));
    expect(rows.length).toBe(rowsBefore.length + 1);
    const last = rows.sort((a, b) => a.id - b.id).at(-1)!;
    expect(last).toMatchObject({ entityType: 'SITE_CONFIG', action: 'UPDATE', before: current });
    expect((last.after as RiskLimits).netAssets).toBe(12_345_600);
    // Saving the same again writes nothing.
    okOf(await put(r.operator, '/api/bpm/risk/limits', { ...current, netAssets: 12_345_600, relatedPartyIds: [r.buyerEnterpriseId] }));
    expect((await t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityId, 'riskLimits'))).length).toBe(rows.length);

    // The ratios follow: risk assets over the net assets just set.
    const ratios = okOf<RatiosAnswer>(await r.operator.get('/api/bpm/risk/ratios'));
    const leverage = ratios.checks.find((c) => c.key === 'LEVERAGE')!;
    expect(leverage.value).toBe(Math.round((ratios.riskAssets * 1_000_000) / 12_345_600));
    // The demo book (over ¥1,540,000) is more than 10 × ¥123,456.
    expect(ratios.riskAssets).toBeGreaterThan(10 * 12_345_600);
    expect(leverage).toMatchObject({ level: 'BREACH', limit: 10_000_000 });
    expect(leverage.words).toContain('超过上限 10.00 倍');

    for (const who of [r.demo, await t.loginAs('cangchu')]) {
      expect((await who.get('/api/bpm/risk/limits')).statusCode).toBe(403);
      expect((await who.get('/api/bpm/risk/ratios')).statusCode).toBe(403);
      expect((await put(who, '/api/bpm/risk/limits', current)).statusCode).toBe(403);
    }
  });
});
