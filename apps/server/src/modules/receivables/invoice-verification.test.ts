/**
 * Issue 36, invoice verification (PRODUCT §13 发票查验): the tax bureau behind the `InvoiceVerifier` port —
 * the built-in simulated bureau — checks each invoice at registration, again just before money goes out,
 * and weekly until maturity; every answer is kept with the invoice (who, when, what). A void or reversed
 * invoice is refused at registration and stops the disbursement with nothing booked; the bureau answers 5
 * checks of one invoice a day and refuses the 6th without counting it against the invoice; a reversal
 * after funding is a dilution the operator sees with the exposure it leaves.
 */
import { addDays } from '@factoring/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingTranches, invoiceChecks, invoices, taxBureauInvoices, taxBureauQuota } from '../../db/schema/index.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { chinaToday } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ledgerFingerprint } from '../ledger/testing.ts';
import {
  approveTask,
  clearAssignment,
  newKey,
  okOf,
  refusal,
  roles,
  signContract,
  type Applied,
  type Roles,
} from '../supplyloan/testing.ts';
import { invoiceRecheckStep } from './index.ts';
import { bureauInvoice, nextPaperNumber } from './testing.ts';

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
});
afterAll(() => t?.close());

type Check = { trigger: string; outcome: string; message: string; actorName: string; checkedAt: string; bureau: { status: string } | null };
const checksOfInvoice = async (id: number) => okOf<Check[]>(await r.demo.get(`/api/supplyloan/invoices/${id}/checks`));
const bureauRow = async (number: string) =>
  (await t.database.db.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.invoiceNumber, number)))[0];
const checksByNumber = async (number: string) =>
  t.database.db.select().from(invoiceChecks).where(eq(invoiceChecks.invoiceNumber, number)).orderBy(invoiceChecks.id);

async function register(inv: Record<string, unknown>) {
  return r.demo.post('/api/supplyloan/invoices', inv, { json: true });
}

/** Registered, verified, applied for, signed and approved: a tranche waiting for the second operator. */
async function waitingForDisbursement(amount: number) {
  const inv = await bureauInvoice(t, { amount });
  const reg = okOf<{ id: number }>(await register(inv));
  okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id, '已查验'));
  const applied = okOf<Applied>(
    await r.demo.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [reg.id], amount: Math.floor(amount * 0.8), termDays: 60, idempotencyKey: newKey() },
      { json: true },
    ),
  );
  okOf(await signContract(t, r.demo, applied.contractId));
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', applied.id));
  // Issue 36: the debtor's part done, so that what stops the money here is the tax bureau's answer.
  await clearAssignment(t, r, applied.id);
  const [tranche] = await t.database.db
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, applied.id), eq(financingTranches.status, 'PENDING')));
  return { inv, invoiceId: reg.id, applied, trancheId: tranche.id };
}

describe('at registration', () => {
  it('a 数电票 the bureau knows: verified normal, the answer in the operator’s task and in the supplier’s history', async () => {
    const inv = await bureauInvoice(t, { amount: 113_000_00 });
    expect(inv.invoiceNumber).toMatch(/^\d{20}$/);
    const reg = okOf<{ id: number; status: string; verification: { outcome: string; message: string } }>(await register(inv));
    expect(reg.status).toBe('REGISTERED');
    expect(reg.verification).toMatchObject({ outcome: 'NORMAL', message: expect.stringContaining('税务局查验通过') });
    const tasks = okOf<{ items: { id: number; refId: string }[] }>(
      await r.operator.get('/api/bpm/tasks', { type: 'INVOICE_VERIFY', state: 'PENDING', size: 200 }),
    );
    const task = okOf<{ fields: { label: string; value: string }[]; facts: { label: string; value: string }[] }>(
      await r.operator.get(`/api/bpm/tasks/${tasks.items.find((i) => i.refId === String(reg.id))!.id}`),
    );
    expect(task.fields.find((f) => f.label === '税务局查验（登记时）')!.value).toMatch(/查验通过/);
    expect(task.facts.find((f) => f.label === '税务局查验（最新）')!.value).toMatch(/查验通过/);
    const history = await checksOfInvoice(reg.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      trigger: 'REGISTRATION',
      outcome: 'NORMAL',
      actorName: expect.any(String),
      bureau: { status: 'NORMAL' },
    });
  });

  it('an old-style code + 8-digit number the bureau knows is verified too; a code with a 数电票 number is a 400', async () => {
    const inv = await bureauInvoice(t, { amount: 20_000_00, invoiceCode: '3100231130', invoiceNumber: nextPaperNumber() });
    expect(okOf<{ verification: { outcome: string } }>(await register(inv)).verification.outcome).toBe('NORMAL');
    const digital = await bureauInvoice(t, { amount: 20_000_00 });
    const res = await register({ ...digital, invoiceCode: '3100231130' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/数电票/);
  });

  it('void, reversed or not the invoice registered: refused, nothing registered, the answer kept', async () => {
    for (const [change, words] of [
      ['VOID', /已作废/],
      ['REVERSED', /已红冲/],
    ] as const) {
      const inv = await bureauInvoice(t, { amount: 30_000_00 });
      const row = await bureauRow(inv.invoiceNumber);
      okOf(
        await r.operator.post(
          `/api/receivables/tax-bureau/invoices/${row.id}/${change === 'VOID' ? 'void' : 'reverse'}`,
          { note: '开票有误', idempotencyKey: newKey() },
          { json: true },
        ),
      );
      expect(refusal(await register(inv))).toMatch(words);
      expect(await t.database.db.select().from(invoices).where(eq(invoices.invoiceNumber, inv.invoiceNumber))).toEqual([]);
      expect((await checksByNumber(inv.invoiceNumber)).map((c) => c.outcome)).toEqual([change]);
    }
    const inv = await bureauInvoice(t, { amount: 30_000_00 });
    expect(refusal(await register({ ...inv, amount: 31_000_00 }))).toMatch(/价税合计与税务局记录不一致/);
  });

  it('an invoice the bureau does not know: registered for the operator, whose approval is a manual verification by name', async () => {
    const reg = okOf<{ id: number; verification: { outcome: string } }>(
      await register({
        invoiceCode: '3100231130',
        invoiceNumber: nextPaperNumber(),
        issueDate: addDays(chinaToday(), -2),
        amount: 10_000_00,
        taxAmount: 0,
        buyerEnterpriseId: r.buyerEnterpriseId,
      }),
    );
    expect(reg.verification.outcome).toBe('NOT_FOUND');
    okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id, '已核对纸质发票原件'));
    const history = await checksOfInvoice(reg.id);
    expect(history.map((c) => c.outcome)).toEqual(['MANUAL', 'NOT_FOUND']);
    expect(history[0].message).toMatch(/人工核验通过：已核对纸质发票原件/);
  });
});

describe('just before disbursement', () => {
  it('an invoice voided after approval stops the disbursement: nothing booked, the bureau’s answer kept and shown', async () => {
    const w = await waitingForDisbursement(50_000_00);
    const row = await bureauRow(w.inv.invoiceNumber);
    okOf(
      await r.operator.post(
        `/api/receivables/tax-bureau/invoices/${row.id}/void`,
        { note: '销售方作废', idempotencyKey: newKey() },
        { json: true },
      ),
    );
    const tasks = okOf<{ items: { id: number; refId: string }[] }>(
      await r.checker.get('/api/bpm/tasks', { type: 'FINANCING_DISBURSE', state: 'PENDING', size: 200 }),
    );
    const taskId = tasks.items.find((i) => i.refId === String(w.trancheId))!.id;
    // Opening the task asks the bureau for today's disbursement and shows the answer.
    const opened = okOf<{ facts: { label: string; value: string }[] }>(await r.checker.get(`/api/bpm/tasks/${taskId}`));
    expect(opened.facts.find((f) => f.label.startsWith('放款前查验'))!.value).toMatch(/不能放款：税务局查验：发票 \d{20} 已作废/);
    const ledger = await ledgerFingerprint(t.database.db);
    expect(refusal(await r.checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '放款' }))).toMatch(/放款前发票查验未通过/);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);
    const [tranche] = await t.database.db.select().from(financingTranches).where(eq(financingTranches.id, w.trancheId));
    expect(tranche.status).toBe('PENDING');
    expect((await checksByNumber(w.inv.invoiceNumber)).map((c) => [c.trigger, c.outcome])).toEqual([
      ['REGISTRATION', 'NORMAL'],
      ['PRE_DISBURSEMENT', 'VOID'],
    ]);
  });

  it('a normal invoice is checked again and the money goes out', async () => {
    const w = await waitingForDisbursement(20_000_00);
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', w.trancheId, '放款'));
    expect((await checksByNumber(w.inv.invoiceNumber)).map((c) => [c.trigger, c.outcome])).toEqual([
      ['REGISTRATION', 'NORMAL'],
      ['PRE_DISBURSEMENT', 'NORMAL'],
    ]);
  });
});

describe('the bureau’s quota: 5 checks of an invoice a day', () => {
  it('answers five, refuses the sixth with a clear message and does not count it against the invoice', async () => {
    const w = await waitingForDisbursement(25_000_00);
    const [asset] = (
      (await t.database.db.execute(
        sql`select id from financed_assets where financing_id = ${w.applied.id} and product = 'INVOICE'`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const recheck = () => r.operator.post(`/api/receivables/assets/${asset.id}/check`, { idempotencyKey: newKey() }, { json: true });
    // Registration was the first check of the day; four more are answered.
    for (let i = 0; i < 4; i++) expect(okOf<{ outcome: string }>(await recheck()).outcome).toBe('NORMAL');
    const sixth = okOf<{ outcome: string; message: string }>(await recheck());
    expect(sixth.outcome).toBe('QUOTA_EXCEEDED');
    expect(sixth.message).toMatch(/今日已查验 5 次，税务局当日不再受理该发票的查验，请明日再试/);
    const [quota] = await t.database.db.select().from(taxBureauQuota).where(eq(taxBureauQuota.checkDate, chinaToday()));
    expect(quota).toBeDefined();
    const [{ used }] = (
      (await t.database.db.execute(
        sql`select used from tax_bureau_quota where bureau_key = ${w.inv.invoiceNumber} and check_date = ${chinaToday()}`,
      )) as unknown as { rows: { used: number }[] }
    ).rows;
    expect(Number(used)).toBe(5);
    // Not a failure of the invoice: its last answer is still normal, so the money still goes out today.
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', w.trancheId, '放款'));
    const outcomes = (await checksByNumber(w.inv.invoiceNumber)).map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'NORMAL')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'QUOTA_EXCEEDED').length).toBeGreaterThanOrEqual(2);
  });
});

describe('weekly until maturity', () => {
  it('a reversal after funding is found by the weekly check: a dilution with the exposure it leaves', async () => {
    const w = await waitingForDisbursement(60_000_00);
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', w.trancheId, '放款'));
    const row = await bureauRow(w.inv.invoiceNumber);
    okOf(
      await r.operator.post(
        `/api/receivables/tax-bureau/invoices/${row.id}/reverse`,
        { note: '销售折让，开具红字发票', idempotencyKey: newKey() },
        { json: true },
      ),
    );
    // Six days on, nothing is due yet; a week on, the invoice is checked again.
    const early = await runStep(t.database.db, invoiceRecheckStep(t.app.receivables.verifier), addDays(chinaToday(), 6));
    expect(early.checked).toBe(0);
    const weekly = await runStep(t.database.db, invoiceRecheckStep(t.app.receivables.verifier), addDays(chinaToday(), 7));
    expect(weekly.diluted).toBeGreaterThanOrEqual(1);
    const dilutions = okOf<
      { invoice: string; outcome: string; financingNo: string; principal: number; exposure: number; remainingBacking: number }[]
    >(await r.operator.get('/api/receivables/dilutions', { status: 'OPEN' }));
    const mine = dilutions.find((d) => d.financingNo === w.applied.financingNo)!;
    expect(mine).toMatchObject({ outcome: 'REVERSED', principal: Math.floor(60_000_00 * 0.8), remainingBacking: 0 });
    expect(mine.exposure).toBe(mine.principal);
    // The debtor no longer owes a reversed invoice: on the financing it owes nothing (it owed the whole invoice before).
    const owed = okOf<{ financingNo: string; receivable: number; stillToPay: number }[]>(
      await (await t.loginAs('gouxiao')).get('/api/supplyloan/factoring/owed'),
    );
    expect(owed.find((o) => o.financingNo === w.applied.financingNo)).toMatchObject({ receivable: 0, stillToPay: 0 });
    // The supplier sees it on its invoice.
    const history = await checksOfInvoice(w.invoiceId);
    expect(history[0]).toMatchObject({ trigger: 'WEEKLY', outcome: 'REVERSED' });
    const [{ n }] = await t.database.db.select({ n: count() }).from(invoiceChecks).where(eq(invoiceChecks.trigger, 'WEEKLY'));
    expect(n).toBeGreaterThanOrEqual(1);
  });
});

describe('the simulated bureau’s desk', () => {
  it('is an operator’s: a supplier cannot void an invoice', async () => {
    const inv = await bureauInvoice(t, { amount: 10_000_00 });
    const row = await bureauRow(inv.invoiceNumber);
    const res = await r.demo.post(
      `/api/receivables/tax-bureau/invoices/${row.id}/void`,
      { note: 'x', idempotencyKey: newKey() },
      { json: true },
    );
    expect(res.statusCode).toBe(403);
    expect((await bureauRow(inv.invoiceNumber)).status).toBe('NORMAL');
  });

  it('issues a 数电票 between two enterprises of the portal, and never turns a void invoice back', async () => {
    const issued = okOf<{ id: number; invoiceNumber: string; status: string }>(
      await r.operator.post(
        '/api/receivables/tax-bureau/invoices',
        {
          sellerEnterpriseId: r.enterpriseId,
          buyerEnterpriseId: r.buyerEnterpriseId,
          issueDate: chinaToday(),
          amount: 5_650_00,
          taxAmount: 650_00,
          idempotencyKey: newKey(),
        },
        { json: true },
      ),
    );
    expect(issued.invoiceNumber).toMatch(/^\d{20}$/);
    okOf(
      await r.operator.post(
        `/api/receivables/tax-bureau/invoices/${issued.id}/void`,
        { note: '作废', idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(
      refusal(
        await r.operator.post(
          `/api/receivables/tax-bureau/invoices/${issued.id}/reverse`,
          { note: '红冲', idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toMatch(/已作废，不能再变更/);
  });
});

describe('the demo world shows each state, made through the operations', () => {
  it('a dilution, an invoice blocked by its settled order, a void one refused, checks normal and 查无此票, an order’s invoice', async () => {
    const dilutions = okOf<{ invoice: string; outcome: string; exposure: number; principal: number }[]>(
      await r.operator.get('/api/receivables/dilutions'),
    );
    const seeded = dilutions.find((d) => d.invoice === '发票 3100231130-80000002')!;
    expect(seeded).toMatchObject({ outcome: 'REVERSED' });
    expect(seeded.exposure).toBe(seeded.principal);
    expect(seeded.principal).toBeGreaterThan(0);
    const list = okOf<{
      items: { invoiceNumber: string; status: string; verification: { outcome: string } | null; financeBlock: string | null }[];
    }>(await r.demo.get('/api/supplyloan/invoices', { size: 200 }));
    const byNumber = (n: string) => list.items.find((i) => i.invoiceNumber === n)!;
    expect(byNumber('80000301')).toMatchObject({ status: 'VERIFIED', financeBlock: expect.stringMatching(/已融资并结清/) });
    expect(byNumber('80000004')).toMatchObject({ status: 'VERIFIED', verification: { outcome: 'NORMAL' }, financeBlock: null });
    expect(byNumber('80000005')).toMatchObject({ status: 'REGISTERED', verification: { outcome: 'NORMAL' } });
    expect(byNumber('80000006')).toMatchObject({ status: 'REJECTED', verification: { outcome: 'NOT_FOUND' } });
    expect(byNumber('80000002').verification).toMatchObject({ outcome: 'REVERSED' });
    const voided = await t.database.db.select().from(invoiceChecks).where(eq(invoiceChecks.outcome, 'VOID'));
    expect(voided.some((c) => c.trigger === 'REGISTRATION')).toBe(true);
    const fromOrder = await t.database.db
      .select()
      .from(taxBureauInvoices)
      .where(sql`${taxBureauInvoices.remark} like '订单号：%'`);
    expect(fromOrder.length).toBeGreaterThanOrEqual(1);
  });
});
