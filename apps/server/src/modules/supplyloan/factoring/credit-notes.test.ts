import { addDays, advanceCap, chinaDate, formatYuan } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, financedAssets, financingInvoices, taxBureauInvoices } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { camt053 } from '../../bank-statement/testing.ts';
import { deposit, ledgerProblems, newKey } from '../../ledger/testing.ts';
import { runStep } from '../../../jobs/close-of-business.ts';
import { invoiceRecheckStep, simulatedTaxBureau, type InvoiceVerifier } from '../../receivables/index.ts';
import { bureauInvoice } from '../../receivables/testing.ts';
import { approveTask, clearAssignment, okOf, refusal, roles, signContract, type Applied, type Roles } from '../testing.ts';

// Issue 36, credit notes (红字发票, 部分红冲): the simulated bureau takes part of an invoice off (a discount, a
// return); the invoice's remaining amount is its amount less its credit notes, and that is what counts — the
// advance cap before financing, a partial dilution after it (the exposure left: principal not covered by what
// remains), and what the debtor owes, so the collection of the remainder settles with the exact rebate or
// leaves the exact shortfall. Every figure against a reference worked here from the demo platform's terms:
// advance rate 80 %; 30 days → 6.5 % a year and a 0.3 % fee, interest in arrears (actual/360, half up, one day
// at least).

const COLLECTION = '1001244319300088886';
const today = chinaDate();
const RATE_PPM = 800_000;
/** Interest of `principal` for `days` at 6.5 % a year, actual/360, half up (one day at least). */
const interestOf = (principal: number, days: number) => {
  const q = 360 * 1_000_000;
  return Math.floor((2 * principal * 65_000 * Math.max(1, days) + q) / (2 * q));
};
/** The 0.3 % service fee, half up. */
const feeOf = (principal: number) => Math.floor((2 * principal * 3_000 + 1_000_000) / 2_000_000);

let t: TestApp;
let r: Roles;
let debtorName: string;
let serial = 0;

const importCollection = (op: TestClient, amount: number, remark: string) =>
  op.post(
    '/api/bpm/bank/statements/import',
    {
      formatCode: 'CAMT053',
      fileName: 'statement.xml',
      content: camt053({
        accountNo: COLLECTION,
        opening: 0,
        entries: [
          {
            ref: `CN${today.replaceAll('-', '')}${String(++serial).padStart(4, '0')}`,
            date: today,
            time: `11:${String(serial % 60).padStart(2, '0')}:00`,
            direction: 'CREDIT' as const,
            amount,
            name: debtorName,
            account: '6228480012345678901',
            remark,
          },
        ],
      }).toString('base64'),
      idempotencyKey: newKey(),
    },
    { json: true },
  );

const bureauRow = async (number: string) =>
  (await t.database.db.select().from(taxBureauInvoices).where(eq(taxBureauInvoices.invoiceNumber, number)))[0];
const creditNote = (client: TestClient, id: number, amount: number, reason = '销售折让') =>
  client.post(`/api/receivables/tax-bureau/invoices/${id}/credit-note`, { amount, reason, idempotencyKey: newKey() }, { json: true });

type BureauView = { status: string; amount: number; credited: number; remaining: number };

/** A bureau invoice of `amount` from demo to 浙江远航, registered by the supplier and verified by the operator. */
async function registered(amount: number, before?: (bureauId: number) => Promise<void>) {
  const inv = await bureauInvoice(t, { amount });
  const row = await bureauRow(inv.invoiceNumber);
  await before?.(row.id);
  const reg = okOf<{ id: number; verification: { outcome: string; message: string } }>(
    await r.demo.post('/api/supplyloan/invoices', inv, { json: true }),
  );
  okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id, '已查验'));
  return { inv, bureauId: row.id, invoiceId: reg.id, verification: reg.verification };
}

const apply = (invoiceId: number, amount: number) =>
  r.demo.post(
    '/api/supplyloan/financings',
    { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount, termDays: 30, idempotencyKey: newKey() },
    { json: true },
  );

/** Signed, approved, the debtor's part done: the tranche waiting for the second operator. */
async function approved(applied: Applied) {
  okOf(await signContract(t, r.demo, applied.contractId));
  okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', applied.id));
  await clearAssignment(t, r, applied.id);
  return okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${applied.id}`)).schedule[0].id;
}

async function disbursed(invoiceId: number, amount: number) {
  const applied = okOf<Applied>(await apply(invoiceId, amount));
  okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', await approved(applied), '放款'));
  return applied;
}

const assetOf = async (financingId: number) =>
  (
    await t.database.db
      .select()
      .from(financedAssets)
      .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.financingId, financingId)))
  )[0];
const recheck = async (assetId: number) =>
  okOf<{ outcome: string; message: string; bureau: { credited?: number; remaining?: number } }>(
    await r.operator.post(`/api/receivables/assets/${assetId}/check`, { idempotencyKey: newKey() }, { json: true }),
  );

type Dilution = {
  outcome: string;
  outcomeLabel: string;
  financingNo: string;
  invoiceAmount: number;
  credited: number | null;
  invoiceRemaining: number;
  principal: number;
  remainingBacking: number;
  exposure: number;
};
const openDilutionOf = async (financingNo: string) =>
  okOf<Dilution[]>(await r.operator.get('/api/receivables/dilutions', { status: 'OPEN' })).filter((d) => d.financingNo === financingNo);

type Collection = {
  state: string;
  receivable: number;
  owedToday: number;
  preview: Record<string, number | string> | null;
  collections: { kind: string; amount: number; principal: number; interest: number; penalty: number; rebate: number }[];
  settlement: Record<string, number>;
};
const collectionOf = async (id: number) => okOf<Collection>(await r.demo.get(`/api/supplyloan/financings/${id}/collection`));
const statusOf = async (id: number) => okOf<{ status: string }>(await r.demo.get(`/api/supplyloan/financings/${id}`)).status;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  const [d] = await t.database.db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, r.buyerEnterpriseId));
  debtorName = d.name;
  await deposit(t, r.enterpriseId, 5_000_000);
});
afterAll(() => t?.close());

describe('credit notes (issue 36: a credit note reduces the eligible amount)', { timeout: 240_000 }, () => {
  it('the simulated bureau issues one within what remains; a note for the whole remainder is a reversal; operators only', async () => {
    const inv = await bureauInvoice(t, { amount: 5_000_000 });
    const row = await bureauRow(inv.invoiceNumber);
    expect((await creditNote(r.demo, row.id, 100_000)).statusCode).toBe(403);
    expect((await creditNote(r.operator, row.id, 0)).statusCode).toBe(400);
    const first = okOf<BureauView>(await creditNote(r.operator, row.id, 1_234_567));
    expect(first).toMatchObject({ status: 'NORMAL', amount: 5_000_000, credited: 1_234_567, remaining: 5_000_000 - 1_234_567 });
    // More than remains is refused with the figures; nothing is written.
    const remaining = 5_000_000 - 1_234_567;
    expect(refusal(await creditNote(r.operator, row.id, remaining + 1))).toBe(
      `红字发票金额 ${formatYuan(remaining + 1)} 元超过发票 ${inv.invoiceNumber} 的剩余金额 ${formatYuan(remaining)} 元`,
    );
    expect((await bureauRow(inv.invoiceNumber)).credited).toBe(1_234_567);
    // The whole remainder: the invoice is reversed (红冲), and no note is issued after it.
    const last = okOf<BureauView>(await creditNote(r.operator, row.id, remaining, '退货'));
    expect(last).toMatchObject({ status: 'REVERSED', credited: 5_000_000, remaining: 0 });
    expect(refusal(await creditNote(r.operator, row.id, 1))).toMatch(/已红冲，不能再开具红字发票/);
  });

  it('before financing: the cap and the financing count what remains, not the face amount', async () => {
    const FACE = 10_000_000;
    const CREDIT = 2_500_001;
    const w = await registered(FACE, async (id) => {
      okOf(await creditNote(r.operator, id, CREDIT));
    });
    const REMAINING = FACE - CREDIT;
    // The registration's check answers the credit note.
    expect(w.verification.outcome).toBe('NORMAL');
    expect(w.verification.message).toContain(`已开红字发票 ${formatYuan(CREDIT)} 元，剩余 ${formatYuan(REMAINING)} 元`);
    // 7,499,999 × 80 % = 5,999,999.2 → 5,999,999 (rounded down): not the face's 8,000,000.
    const cap = Math.floor((REMAINING * RATE_PPM) / 1_000_000);
    expect(cap).toBe(advanceCap(REMAINING, RATE_PPM));
    const trial = okOf<{ receivables: number; maxAmount: number }>(
      await r.demo.post('/api/supplyloan/trial', {
        creditLineId: r.supplyLineId,
        amount: 1_000_000,
        termDays: 30,
        invoiceIds: [w.invoiceId],
      }),
    );
    expect(trial).toMatchObject({ receivables: REMAINING, maxAmount: cap });
    expect(refusal(await apply(w.invoiceId, cap + 1))).toBe(
      `融资金额超过可融资额度：应收账款 ${formatYuan(REMAINING)} 元 × 融资比例 80.00% = ${formatYuan(cap)} 元`,
    );
    const applied = okOf<Applied>(await apply(w.invoiceId, cap));
    const [held] = await t.database.db.select().from(financingInvoices).where(eq(financingInvoices.financingId, applied.id));
    expect(held.amount).toBe(REMAINING);
    expect(await assetOf(applied.id)).toMatchObject({ amount: FACE, credited: CREDIT, status: 'HELD' });
  });

  it('between application and disbursement: a credit note that takes the invoice below the financing stops the money', async () => {
    const FACE = 6_000_000;
    const w = await registered(FACE);
    const applied = okOf<Applied>(await apply(w.invoiceId, 4_800_000));
    const trancheId = await approved(applied);
    okOf(await creditNote(r.operator, w.bureauId, 1_000_000));
    // 5,000,000 × 80 % = 4,000,000 < 4,800,000: the check before disbursement finds it and nothing goes out.
    const cap = Math.floor(((FACE - 1_000_000) * RATE_PPM) / 1_000_000);
    expect(refusal(await approveTask(r.checker, 'FINANCING_DISBURSE', trancheId, '放款'))).toBe(
      `放款前发票查验未通过：税务局已对融资发票开具红字发票，应收账款剩余 ${formatYuan(FACE - 1_000_000)} 元 × 融资比例 80.00% = ${formatYuan(cap)} 元，低于融资金额 ${formatYuan(4_800_000)} 元`,
    );
    expect(await statusOf(applied.id)).toBe('CONTRACT_SIGNED');
    // Refused in the disbursement's transaction: nothing funded, no dilution (no money went out).
    expect(await assetOf(applied.id)).toMatchObject({ status: 'HELD' });
    expect(await openDilutionOf(applied.financingNo)).toEqual([]);
  });

  it('after funding: a partial dilution with the exact exposure; the debtor owes the remainder, which leaves the exact shortfall', async () => {
    const FACE = 10_000_000;
    const PRINCIPAL = 8_000_000;
    const w = await registered(FACE);
    const f = await disbursed(w.invoiceId, PRINCIPAL);
    const asset = await assetOf(f.id);
    expect(asset).toMatchObject({ status: 'FUNDED', credited: 0 });

    okOf(await creditNote(r.operator, w.bureauId, 3_000_000, '质量折让'));
    // Not known until a check finds it.
    expect(await openDilutionOf(f.financingNo)).toEqual([]);
    const check = await recheck(asset.id);
    expect(check).toMatchObject({ outcome: 'NORMAL', bureau: { credited: 3_000_000, remaining: 7_000_000 } });
    // Principal 8,000,000 against what remains of the one invoice, 7,000,000: 1,000,000 no longer covered.
    expect(await openDilutionOf(f.financingNo)).toEqual([
      expect.objectContaining({
        outcome: 'CREDITED',
        outcomeLabel: '部分红冲（红字发票）',
        invoiceAmount: FACE,
        credited: 3_000_000,
        invoiceRemaining: FACE - 3_000_000,
        principal: PRINCIPAL,
        remainingBacking: FACE - 3_000_000,
        exposure: PRINCIPAL - (FACE - 3_000_000),
      }),
    ]);
    // A second note: the same open dilution grows; a check finding nothing new changes nothing.
    okOf(await creditNote(r.operator, w.bureauId, 1_000_000, '退货'));
    await recheck(asset.id);
    await recheck(asset.id);
    const REMAINING = FACE - 4_000_000;
    expect(await openDilutionOf(f.financingNo)).toEqual([
      expect.objectContaining({
        credited: 4_000_000,
        invoiceRemaining: REMAINING,
        remainingBacking: REMAINING,
        exposure: PRINCIPAL - REMAINING,
      }),
    ]);

    // What the debtor owes is what remains; the preview of its paying it leaves the shortfall.
    const debtor = await t.loginAs('gouxiao');
    const owed = okOf<{ financingId: number; receivable: number; stillToPay: number }[]>(
      await debtor.get('/api/supplyloan/factoring/owed'),
    );
    expect(owed.find((o) => o.financingId === f.id)).toMatchObject({ receivable: REMAINING, stillToPay: REMAINING });
    const interest = interestOf(PRINCIPAL, 0);
    expect(interest).toBe(1_444);
    const owedToday = PRINCIPAL + interest;
    const before = await collectionOf(f.id);
    expect(before).toMatchObject({ receivable: REMAINING, owedToday });
    expect(before.preview).toMatchObject({
      owed: owedToday,
      amount: REMAINING,
      repaid: REMAINING,
      interest,
      principal: REMAINING - interest,
      rebate: 0,
      shortfall: owedToday - REMAINING,
    });

    okOf(await importCollection(r.operator, REMAINING, `货款 ZR${f.financingNo}`));
    expect(await statusOf(f.id)).toBe('REPAYING');
    const after = await collectionOf(f.id);
    expect(after).toMatchObject({ state: 'PARTLY_COLLECTED', receivable: REMAINING, owedToday: owedToday - REMAINING, preview: null });
    expect(after.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: REMAINING, principal: REMAINING - interest, interest, penalty: 0, rebate: 0 }),
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('after funding, with cover to spare: no exposure, and the remainder settles the financing with the exact rebate', async () => {
    const FACE = 10_000_000;
    const PRINCIPAL = 6_000_000;
    const CREDIT = 2_000_000;
    const REMAINING = FACE - CREDIT;
    const w = await registered(FACE);
    const f = await disbursed(w.invoiceId, PRINCIPAL);
    const asset = await assetOf(f.id);
    okOf(await creditNote(r.operator, w.bureauId, CREDIT));
    // Found by the weekly check (the close of business), a week on.
    const weekly = await runStep(t.database.db, invoiceRecheckStep(t.app.receivables.verifier), addDays(today, 7));
    expect(weekly.credited).toBeGreaterThanOrEqual(1);
    expect(await assetOf(f.id)).toMatchObject({ id: asset.id, credited: CREDIT });
    expect(await openDilutionOf(f.financingNo)).toEqual([
      expect.objectContaining({ outcome: 'CREDITED', credited: CREDIT, remainingBacking: REMAINING, principal: PRINCIPAL, exposure: 0 }),
    ]);

    const interest = interestOf(PRINCIPAL, 0);
    expect(interest).toBe(1_083);
    const fee = feeOf(PRINCIPAL);
    expect(fee).toBe(18_000);
    const rebate = REMAINING - PRINCIPAL - interest;
    expect((await collectionOf(f.id)).preview).toMatchObject({ amount: REMAINING, repaid: PRINCIPAL + interest, rebate, shortfall: 0 });

    okOf(await importCollection(r.operator, REMAINING, `ZR${f.financingNo}`));
    expect(await statusOf(f.id)).toBe('SETTLED');
    const done = await collectionOf(f.id);
    expect(done).toMatchObject({ state: 'COLLECTED', receivable: REMAINING });
    expect(done.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: REMAINING, principal: PRINCIPAL, interest, penalty: 0, rebate }),
    ]);
    // Settlement = collected − advanced − interest − fees − penalty = the rebate.
    expect(done.settlement).toEqual({
      collected: REMAINING,
      advanced: PRINCIPAL - fee,
      interest,
      fees: fee,
      penalty: 0,
      rebate,
      writtenOff: 0,
    });
    expect(REMAINING - (PRINCIPAL - fee) - interest - fee).toBe(rebate);
    expect(await assetOf(f.id)).toMatchObject({ status: 'SETTLED', credited: CREDIT });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('a tax service that reports an invoice credited in full, still normal', { timeout: 240_000 }, () => {
  // Behind the `InvoiceVerifier` port a real service may answer a normal invoice whose credit notes took it all:
  // nothing remains, so nothing may be financed on it — refused with the reason, in the trial and the application.
  const fullyCredited: InvoiceVerifier = {
    name: 'fully-credited',
    label: '全额红字的查验服务（测试）',
    async verify(query, context) {
      const answer = await simulatedTaxBureau.verify(query, context);
      return answer.kind === 'FOUND' ? { kind: 'FOUND', facts: { ...answer.facts, credited: answer.facts.amount, remaining: 0 } } : answer;
    },
  };
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({}, { receivables: { verifier: fullyCredited } });
  });
  afterAll(() => other?.close());

  it('refuses the financing: nothing remains of the invoice', async () => {
    const mine = await roles(other);
    const inv = await bureauInvoice(other, { amount: 3_000_000 });
    const reg = okOf<{ id: number; verification: { outcome: string; message: string } }>(
      await mine.demo.post('/api/supplyloan/invoices', inv, { json: true }),
    );
    expect(reg.verification.outcome).toBe('NORMAL');
    expect(reg.verification.message).toContain(`已开红字发票 ${formatYuan(3_000_000)} 元，剩余 ${formatYuan(0)} 元`);
    okOf(await approveTask(mine.operator, 'INVOICE_VERIFY', reg.id, '已查验'));
    const reason = `发票 ${inv.invoiceNumber} 已开具红字发票 ${formatYuan(3_000_000)} 元，剩余金额为 0，不能用于融资`;
    expect(
      refusal(
        await mine.demo.post('/api/supplyloan/trial', {
          creditLineId: mine.supplyLineId,
          amount: 1_000_000,
          termDays: 30,
          invoiceIds: [reg.id],
        }),
      ),
    ).toBe(reason);
    expect(
      refusal(
        await mine.demo.post(
          '/api/supplyloan/financings',
          { creditLineId: mine.supplyLineId, invoiceIds: [reg.id], amount: 1_000_000, termDays: 30, idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toBe(reason);
    const held = await other.database.db.select().from(financedAssets).where(eq(financedAssets.invoiceNumber, inv.invoiceNumber));
    expect(held).toEqual([]);
  });
});
