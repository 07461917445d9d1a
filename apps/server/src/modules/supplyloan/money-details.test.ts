// Issue 12, "money details an auditor found": each figure to the cent or the day, through the real
// routes and database — the trial, the application, the disbursement, the contract and the extension
// all read the one rule of packages/domain/src/financing-terms.ts.
import { addDays, daysBetween, DUE_DATE_RULE } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, creditLines, financingTranches, platforms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { chinaToday } from '../../lib/clock.ts';
import { approveTask, disbursedFinancing, newKey, okOf, refusal, roles, verifiedInvoice, type Applied, type Roles } from './testing.ts';

let t: TestApp;
let r: Roles;
const today = chinaToday();

// The demo supply platform (7.2 % for 31–90 days, 8.0 % for 91–180, in arrears, at most 180 days)
// with an advance rate of 70 % and ¥20,000,000.00 of credit, so the cap rather than the credit decides.
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  await t.database.db.update(platforms).set({ advanceRatePpm: 700_000 }).where(eq(platforms.id, r.supplyPlatformId));
  await t.database.db.update(creditLines).set({ limit: 2_000_000_000 }).where(eq(creditLines.id, r.supplyLineId));
}, 240_000);
afterAll(() => t.close());

type Trial = { interest: number; dueDate: string; startDate: string; maxAmount: number; annualRatePpm: number; receivables: number | null };
const trialOf = (body: Record<string, unknown>) =>
  r.demo.post('/api/supplyloan/trial', { creditLineId: r.supplyLineId, ...body }, { json: true });
const apply = (body: Record<string, unknown>) =>
  r.demo.post(
    '/api/supplyloan/financings',
    { idempotencyKey: newKey(), creditLineId: r.supplyLineId, termDays: 60, ...body },
    { json: true },
  );

describe('how much may be financed: one rule for the hint, the trial and the application', () => {
  it('the advance-rate cap rounds down: 7,777,777.77 × 70 % allows 5,444,444.43, not 5,444,444.44', async () => {
    const invoiceId = await verifiedInvoice(r, 777_777_777);
    const trial = okOf<Trial>(await trialOf({ invoiceIds: [invoiceId], amount: 544_444_443, termDays: 60 }));
    expect(trial).toMatchObject({ receivables: 777_777_777, maxAmount: 544_444_443 });
    const message = '融资金额超过可融资额度：应收账款 7,777,777.77 元 × 融资比例 70.00% = 5,444,444.43 元';
    expect(refusal(await trialOf({ invoiceIds: [invoiceId], amount: 544_444_444, termDays: 60 }))).toBe(message);
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 544_444_444 }))).toBe(message);
    okOf(await apply({ invoiceIds: [invoiceId], amount: 544_444_443 }));
  });

  it('a ¥150,000.00 invoice: the trial says 105,000.00 at most and refuses ¥1,000,000.00 live, as the application does', async () => {
    const invoiceId = await verifiedInvoice(r, 15_000_000);
    const message = '融资金额超过可融资额度：应收账款 150,000.00 元 × 融资比例 70.00% = 105,000.00 元';
    expect(refusal(await trialOf({ invoiceIds: [invoiceId], amount: 100_000_000, termDays: 60 }))).toBe(message);
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 100_000_000 }))).toBe(message);
    expect(okOf<Trial>(await trialOf({ invoiceIds: [invoiceId], amount: 10_500_000, termDays: 60 })).maxAmount).toBe(10_500_000);
  });

  it('full-width digits typed through a Chinese input method are read as ASCII by the API', async () => {
    const invoiceId = await verifiedInvoice(r, 15_000_000);
    const trial = okOf<Trial>(await trialOf({ invoiceIds: `${invoiceId}`, amount: '１００００００', termDays: '６０' }));
    expect(trial).toMatchObject({ maxAmount: 10_500_000, dueDate: addDays(today, 60) });
  });
});

describe('which price a term gets', () => {
  it('a term beyond the platform maximum is refused by the trial (not priced at the base rate), as by the application', async () => {
    const invoiceId = await verifiedInvoice(r, 15_000_000);
    const res = await trialOf({ invoiceIds: [invoiceId], amount: 1_000_000, termDays: 181 });
    expect(refusal(res)).toBe('融资期限不能超过平台最长期限 180 天');
    expect(res.json().code).toBe('TERM_TOO_LONG');
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 1_000_000, termDays: 181 }))).toBe('融资期限不能超过平台最长期限 180 天');
    expect(okOf<Trial>(await trialOf({ invoiceIds: [invoiceId], amount: 1_000_000, termDays: 180 })).annualRatePpm).toBe(80_000);
  });
});

describe('one day count: trial, booking and contract', () => {
  it('due date = disbursement date + term in the trial (as if disbursed today), the booking and the contract', async () => {
    const invoiceId = await verifiedInvoice(r, 15_000_000);
    const trial = okOf<Trial>(await trialOf({ invoiceIds: [invoiceId], amount: 10_000_000, termDays: 61 }));
    expect(trial).toMatchObject({ startDate: today, dueDate: addDays(today, 61) });
    const applied = okOf<Applied>(await apply({ invoiceIds: [invoiceId], amount: 10_000_000, termDays: 61 }));
    const [contract] = await t.database.db.select().from(contracts).where(eq(contracts.id, applied.contractId));
    expect(contract.data).toMatchObject({ termDays: '61', startDate: '放款之日', dueDate: '放款日加 61 天' });
    expect(DUE_DATE_RULE).toContain('到期日 = 放款日（起息日）+ 融资期限天数');

    const f = await disbursedFinancing(t, r, { amount: 10_000_000, termDays: 61, invoiceAmount: 15_000_000 });
    const [tranche] = await t.database.db.select().from(financingTranches).where(eq(financingTranches.id, f.trancheId));
    expect(tranche.startDate).toBe(today);
    expect(tranche.dueDate).toBe(addDays(today, 61));
    expect(daysBetween(tranche.startDate!, tranche.dueDate!)).toBe(61);
  });
});

describe('extensions: what is shown is what is collected', () => {
  type Detail = { quote: { interest: number }; schedule: { annualRatePpm: number; dueDate: string }[] };
  type Extension = {
    extensionId: number;
    extraDays: number;
    extraInterest: number;
    totalDays: number;
    annualRatePpm: number;
    repriced: boolean;
  };
  const detailOf = async (id: number) => okOf<Detail>(await r.demo.get(`/api/supplyloan/financings/${id}`));
  /** Moves the tranche's whole life back so that today is its (new) due date: what is owed then is collected. */
  async function liveToDueDate(trancheId: number, days: number) {
    const start = addDays(today, -days);
    await t.database.db
      .update(financingTranches)
      .set({ startDate: start, interestFrom: start, dueDate: today })
      .where(eq(financingTranches.id, trancheId));
  }

  it('in arrears: 1,000,000.50 at 7.2 % for 31 days (6,200.00) extended by 20 days shows 4,000.01 and collects 10,200.01', async () => {
    const f = await disbursedFinancing(t, r, { amount: 100_000_050, termDays: 31, invoiceAmount: 150_000_000 });
    expect(f.interest).toBe(620_000);
    const ext = okOf<Extension>(
      await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
        idempotencyKey: newKey(),
        newDueDate: addDays(today, 51),
        reason: '下游回款延迟20天',
      }),
    );
    expect(ext).toMatchObject({ extraDays: 20, totalDays: 51, annualRatePpm: 72_000, repriced: false, extraInterest: 400_001 });
    okOf(await approveTask(r.operator, 'EXTENSION', ext.extensionId, '同意展期'));
    await liveToDueDate(f.trancheId, 51);
    const d = await detailOf(f.id);
    expect(d.quote.interest).toBe(1_020_001);
    expect(f.interest + ext.extraInterest).toBe(d.quote.interest);
  });

  it('into a dearer bracket: 60 days at 7.2 % extended to 100 days is priced at 8.0 % (91–180) — shown 10,222.22, collected 22,222.22 in all', async () => {
    const f = await disbursedFinancing(t, r, { amount: 100_000_000, termDays: 60, invoiceAmount: 150_000_000 });
    expect(f.interest).toBe(1_200_000);
    const ext = okOf<Extension>(
      await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
        idempotencyKey: newKey(),
        newDueDate: addDays(today, 100),
        reason: '核心企业付款周期调整',
      }),
    );
    expect(ext).toMatchObject({ totalDays: 100, annualRatePpm: 80_000, repriced: true, extraInterest: 1_022_222 });
    okOf(await approveTask(r.operator, 'EXTENSION', ext.extensionId, '同意展期'));
    expect((await detailOf(f.id)).schedule[0].annualRatePpm).toBe(80_000);
    await liveToDueDate(f.trancheId, 100);
    const d = await detailOf(f.id);
    expect(d.quote.interest).toBe(2_222_222);
    expect(f.interest + ext.extraInterest).toBe(d.quote.interest);
  });
});
