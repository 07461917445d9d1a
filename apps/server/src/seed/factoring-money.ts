import { addDays, dueDateOf, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { contracts, creditLines, financingTranches, invoices, platforms } from '../db/schema/index.ts';
import { runStep } from '../jobs/close-of-business.ts';
import { chinaToday } from '../lib/clock.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import { BUILT_IN_RECEIVABLES } from '../modules/receivables/index.ts';
import { applyInvoiceFinancing, applyToJoin, onFinancingContractSigned, registerInvoice, TASK } from '../modules/supplyloan/index.ts';
import { CLOSE_OF_BUSINESS_STEPS, PORTS } from '../app.ts';
import {
  acknowledgeReceived,
  actingOf,
  confirmOwed,
  countersignNotice,
  dispatchNotices,
  signNotice,
  type Acting,
} from './confirmations.ts';
import { loadHistoryContext, type HistoryContext } from './history-context.ts';
import { issueDemoInvoice } from './receivables.ts';
import { searchBeforeDisbursing } from './registry.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';
import { dayOfMonth, Timeline } from './timeline.ts';

const yuan = (n: number) => Math.round(n * 100) as Cents;

/** The factored financings of the demo world's factoring money (issue 36), by their invoice. */
export const FACTORING_DEMO = {
  /** Collected in full from 浙江远航 at maturity; the surplus rebated to 江苏安储's account. */
  collected: { invoiceNumber: '80000501', invoice: 150_000, advance: 120_000, debtorPays: 150_000 },
  /** Paid short at maturity; with recourse, the close of business opened a 回购 task that still waits. */
  buybackDue: { invoiceNumber: '80000502', invoice: 100_000, advance: 80_000, debtorPays: 50_000 },
  /** Paid short at maturity, the 回购 task opened, approved the next day: bought back and settled. */
  boughtBack: { invoiceNumber: '80000503', invoice: 90_000, advance: 72_000, debtorPays: 40_000 },
  /** On the 远航 platform without recourse: paid short, and after the grace the factor wrote the rest off. */
  writtenOff: { invoiceNumber: '80000504', invoice: 60_000, advance: 48_000, debtorPays: 20_000 },
} as const;

/** 30 days: the first tier of the 远航 platform (6.5 % a year in arrears, 0.3 % fee). */
const TERM_DAYS = 30;

interface Plan {
  invoiceNumber: string;
  invoice: number;
  advance: number;
  debtorPays: number;
  /** The day of the month three months ago it is applied for; disbursed the day after. */
  appliedDay: number;
  purpose: string;
  buyback: 'pending' | 'approved' | null;
}

const step = (name: string) => {
  const found = CLOSE_OF_BUSINESS_STEPS.find((s) => s.name === name);
  if (!found) throw new Error(`factoring-money seed: no close-of-business step ${name}`);
  return found;
};

/**
 * Factoring money in the demo world (issue 36, PRODUCT §13), lived through the real operations with the clock at
 * each step, two to three months ago (before the month the demo's bank statement covers, so that statement is
 * the bank's stand-in unchanged). 江苏安储 (`cangchu`) finances three of its storage invoices to 浙江远航 on the
 * disclosed, with-recourse 远航 platform, and a fourth on 远航's platform without recourse: registered and verified,
 * approved by 赵审 (the factor registers and searches), the contract and the notice of assignment signed, the notice
 * countersigned and delivered to 浙江远航, which confirms each receivable and acknowledges the notice; 钱核 searches
 * the registry on the day and disburses.
 * At maturity 浙江远航 pays the factor's collection account — booked through the collection port the bank
 * statement's matcher calls for such a line (supplyloan/factoring: receipt, settlement through the lending core,
 * surplus rebated):
 * - 80000501 in full: settled, the surplus rebated, the release notice out that evening;
 * - 80000502 short: the close of business after maturity + grace opens a 回购 task, still waiting for 赵审;
 * - 80000503 short: the same, and 赵审 approves the buy-back the next day — 江苏安储's account pays the rest;
 * - 80000504 short, without recourse: that close of business writes the rest off against the risk reserve — the
 *   supplier owes nothing, the receivable stays the factor's (registered) to pursue the debtor.
 * Runs once (its first invoice is its mark); call it before seedRegistry, which cancels the registrations of
 * financings settled in the past.
 */
export async function seedFactoringMoney(db: Db, today: IsoDate) {
  const [done] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.invoiceNumber, FACTORING_DEMO.collected.invoiceNumber));
  if (done) return;
  const timeline = new Timeline(today);
  const ctx = await loadHistoryContext(db, today, timeline);
  const debtor = await actingOf(db, 'gouxiao');
  if (!ctx || !debtor) return;
  const [supply] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
  const [line] = await db
    .select({ id: creditLines.id })
    .from(creditLines)
    .where(and(eq(creditLines.enterpriseId, ctx.storage.enterpriseId), eq(creditLines.platformId, supply.id)));
  if (!supply || !line) return;
  const plans: Plan[] = [
    { ...FACTORING_DEMO.collected, appliedDay: 8, purpose: '支付叉车租赁费', buyback: null },
    { ...FACTORING_DEMO.buybackDue, appliedDay: 10, purpose: '支付仓库电费及人工', buyback: 'pending' },
    { ...FACTORING_DEMO.boughtBack, appliedDay: 12, purpose: '购置托盘', buyback: 'approved' },
  ];
  for (const plan of plans)
    planFactoredFinancing(ctx, {
      plan,
      debtor,
      lineId: () => line.id,
      coreId: supply.coreEnterpriseId,
      graceDays: supply.collectionGraceDays,
    });
  const [withoutRecourse] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.withoutRecourse));
  if (withoutRecourse) {
    const lineId = planJoin(ctx, withoutRecourse.id);
    planFactoredFinancing(ctx, {
      plan: { ...FACTORING_DEMO.writtenOff, appliedDay: 14, purpose: '支付冷库租金', buyback: null },
      debtor,
      lineId,
      coreId: withoutRecourse.coreEnterpriseId,
      graceDays: withoutRecourse.collectionGraceDays,
    });
  }
  await timeline.run();
}

/** 江苏安储 joins the platform without recourse four months ago (approved by 赵审): its credit line's id, once granted. */
function planJoin(ctx: HistoryContext, platformId: number) {
  const { db, storage, timeline, today, operator } = ctx;
  const state: { applicationId?: number; lineId?: number } = {};
  timeline.on(dayOfMonth(today, -4, 3), '10:00', async () => {
    const application = await applyToJoin(
      db,
      storage.scope,
      storage.actor,
      { platformId, requestedLimit: yuan(300_000), remark: '对浙江远航的仓储服务应收账款，申请无追索权保理' },
      chinaToday(),
    );
    state.applicationId = application.id;
  });
  timeline.on(dayOfMonth(today, -4, 5), '11:00', async () => {
    await ctx.decide(TASK.PLATFORM_JOIN, state.applicationId!, operator, 'APPROVE', '核心企业确认服务关系，同意授信 30 万元（无追索权）');
    const [granted] = await db
      .select({ id: creditLines.id })
      .from(creditLines)
      .where(and(eq(creditLines.enterpriseId, storage.enterpriseId), eq(creditLines.platformId, platformId)));
    state.lineId = granted.id;
  });
  return () => state.lineId!;
}

function planFactoredFinancing(
  ctx: HistoryContext,
  p: { plan: Plan; debtor: Acting; lineId: () => number; coreId: number; graceDays: number },
) {
  const { db, timeline, today, storage: supplier, operator } = ctx;
  const { plan, debtor } = p;
  const applied = dayOfMonth(today, -3, plan.appliedDay);
  const disbursed = addDays(applied, 1);
  const due = dueDateOf(disbursed, TERM_DAYS);
  const state: { invoiceId?: number; financingId?: number; financingNo?: string } = {};

  timeline.on(addDays(applied, -2), '09:30', async () => {
    const amount = yuan(plan.invoice);
    const issued = {
      invoiceCode: '3100231130',
      invoiceNumber: plan.invoiceNumber,
      issueDate: addDays(applied, -4),
      amount,
      // Storage services: 6 % VAT.
      taxAmount: Math.round((amount * 6) / 106) as Cents,
      dueDate: addDays(disbursed, TERM_DAYS),
    };
    await issueDemoInvoice(db, { sellerId: supplier.enterpriseId, buyerId: p.coreId, ...issued });
    const row = await registerInvoice(
      db,
      supplier.scope,
      supplier.actor,
      { ...issued, buyerEnterpriseId: p.coreId },
      chinaToday(),
      BUILT_IN_RECEIVABLES.verifier,
    );
    state.invoiceId = row.id;
  });
  timeline.on(addDays(applied, -2), '14:20', () =>
    ctx.decide(TASK.INVOICE_VERIFY, state.invoiceId!, operator, 'APPROVE', '税务局查验正常，发票真实有效'),
  );
  timeline.on(applied, '10:00', async () => {
    const f = await applyInvoiceFinancing(
      db,
      supplier.scope,
      supplier.actor,
      { creditLineId: p.lineId(), invoiceIds: [state.invoiceId!], amount: yuan(plan.advance), termDays: TERM_DAYS, purpose: plan.purpose },
      chinaToday(),
    );
    state.financingId = f.id;
    state.financingNo = f.financingNo;
  });
  // Approved by 赵审 (the factor registers the assignment and searches), the contract signed by 江苏安储.
  timeline.on(applied, '15:00', () => ctx.decide(TASK.FINANCING_APPROVAL, state.financingId!, operator, 'APPROVE', '资料齐全，同意融资'));
  timeline.on(applied, '16:30', () =>
    inTransaction(db, async (tx) => {
      const [c] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(state.financingId))));
      await recordSignature(tx, { contractId: c.id, scope: supplier.scope, signerName: supplier.actor.name, ip: supplier.actor.ip });
      await onFinancingContractSigned(tx, supplier.scope, state.financingId!, supplier.actor);
    }),
  );
  // The notice of assignment: signed by 江苏安储, countersigned by 赵审 (delivered to 浙江远航 in the portal),
  // then 浙江远航 confirms the receivable with its signed 确认函 and acknowledges the notice.
  timeline.on(applied, '16:45', () => signNotice(db, state.financingId!, supplier));
  timeline.on(applied, '17:00', () => countersignNotice(db, state.financingId!, operator));
  timeline.on(applied, '17:30', async () => {
    await confirmOwed(db, state.financingId!, debtor);
    await acknowledgeReceived(db, state.financingId!, debtor);
  });
  // 钱核 searches the registry on the day of the payment and disburses (maker-checker).
  timeline.on(disbursed, '10:00', async () => {
    const [tranche] = await db
      .select({ id: financingTranches.id })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, state.financingId!), eq(financingTranches.status, 'PENDING')));
    await searchBeforeDisbursing(db, state.financingId!, ctx.checker);
    await ctx.decide(TASK.FINANCING_DISBURSE, tranche.id, ctx.checker, 'APPROVE', '四项证明齐全，放款');
  });
  // At maturity 浙江远航 pays the collection account, naming the notice of assignment.
  timeline.on(due, '10:40', () => debtorPays(ctx, state.financingId!, state.financingNo!, yuan(plan.debtorPays)));
  if (plan.debtorPays >= plan.invoice) {
    // The release notice (解除转让通知) goes out with that evening's close of business.
    timeline.on(due, '22:30', () => dispatchNotices(db, due));
    return;
  }
  // Short: the close of business marks it overdue the next day, and after the grace opens the 回购 task.
  const actOn = addDays(due, p.graceDays + 1);
  timeline.on(addDays(due, 1), '01:00', () => runStep(db, step('supplyloan-overdue'), addDays(due, 1)));
  // With recourse the step opens a 回购 task; without, it writes the rest off against the reserve at once.
  timeline.on(actOn, '01:10', () => runStep(db, step('supplyloan-factoring-shortfall'), actOn));
  if (plan.buyback !== 'approved') return;
  const boughtOn = addDays(actOn, 1);
  timeline.on(boughtOn, '10:30', () =>
    ctx.decide('FACTORING_BUYBACK', state.financingId!, operator, 'APPROVE', '供应商已确认回购，从其账户扣划'),
  );
  timeline.on(boughtOn, '22:30', () => dispatchNotices(db, boughtOn));
}

/**
 * 浙江远航's payment reaches the factor's collection account: booked through the supply loans' debtor collection
 * port — what the bank statement's matcher does with a statement line from the debtor naming the notice (ZR…).
 */
async function debtorPays(ctx: HistoryContext, financingId: number, financingNo: string, amount: Cents) {
  const source = PORTS.debtorCollections.find((s) => s.source === 'SUPPLY_INVOICE');
  if (!source) throw new Error('factoring-money seed: no supply-loan debtor collections');
  const expected = (await source.expected(ctx.db)).find((e) => e.loanId === financingId);
  if (!expected) throw new Error(`factoring-money seed: ${financingNo} expects no collection`);
  await inTransaction(ctx.db, (tx) =>
    source.collect(
      tx,
      expected,
      {
        amount,
        payerName: expected.payerName,
        payerAccount: '33050161963500001288',
        reference: `货款 应收账款转让通知书 ZR${financingNo}`,
        sourceKey: `DEMO:${financingNo}:${chinaToday()}`,
        bookDate: chinaToday(),
      },
      { id: ctx.operator.id, name: ctx.operator.name },
    ),
  );
}
