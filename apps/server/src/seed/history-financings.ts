import { addDays, dueDateOf, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { inTransaction } from '../db/transaction.ts';
import { contracts, creditLines, enterprises, financingTranches, platforms } from '../db/schema/index.ts';
import { chinaToday } from '../lib/clock.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import { grantCreditLine } from '../modules/credit/index.ts';
import { payFromControlled, openPayee } from '../modules/funds/index.ts';
import { runStep } from '../jobs/close-of-business.ts';
import {
  supplyLoanCloseStep,
  applyInvoiceFinancing,
  applyOrderLoan,
  applyToJoin,
  onFinancingContractSigned,
  repaymentQuote,
  registerInvoice,
  repayOnline,
  requestDrawdown,
  TASK,
} from '../modules/supplyloan/index.ts';
import type { HistoryContext, Party } from './history-context.ts';
import { issueDemoInvoice } from './receivables.ts';
import { acknowledgeReceived, actingOf, confirmOwed, countersignNotice, dispatchNotices, signNotice } from './confirmations.ts';
import { BUILT_IN_RECEIVABLES } from '../modules/receivables/index.ts';
import { searchBeforeDisbursing } from './registry.ts';
import type { DemoSupplier } from './history-funds.ts';
import { dayOfMonth } from './timeline.ts';

const yuan = (n: number) => Math.round(n * 100) as Cents;

/** Where a financing's controlled funds go: one of the demo's whitelisted suppliers, or a payee id resolved when it runs. */
type PayTo = DemoSupplier | (() => number);

interface InvoiceFinancingPlan {
  party: Party;
  /** The credit line's platform (its core enterprise is the invoices' buyer). */
  platformCode: string;
  invoice: { number: number; amount: number; taxRatePct: number; issued: IsoDate; registered: IsoDate };
  applied: IsoDate;
  amount: number;
  termDays: number;
  purpose: string;
  disbursed: IsoDate;
  payTo: PayTo;
  /** When it is repaid in full; after its due date, the daily job marks it overdue first. Never: it stays overdue. */
  repaid: IsoDate | null;
}

/**
 * The supply-loan side of the demo's year, made through the module's operations with the clock at
 * each step: the demo's credit lines granted (and the supply line renewed two months ago), three
 * invoice financings applied, approved by 赵审, signed, disbursed by 钱核 into controlled funds, paid
 * on to whitelisted suppliers and repaid with their interest to the day — one of them late, after the
 * daily job marked it overdue, with its penalty interest; an order loan drawn in two tranches, each
 * repaid on its due date; and 江苏安储's financing of its storage invoice, disbursed three months
 * ago and now overdue.
 */
export async function planFinancingHistory(ctx: HistoryContext, platformCodes: { supply: string; pledge: string }) {
  const { db, demo, timeline, today, operator } = ctx;
  const day = (offset: number, d: number) => dayOfMonth(today, offset, d);
  const platformId = async (code: string) => (await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.code, code)))[0].id;
  const supplyId = await platformId(platformCodes.supply);
  const pledgeId = await platformId(platformCodes.pledge);

  const grant = (date: IsoDate, platform: number, limitYuan: number, expiryDate: IsoDate) =>
    timeline.on(date, '09:15', () =>
      inTransaction(db, (tx) =>
        grantCreditLine(tx, demo.scope, {
          platformId: platform,
          limit: yuan(limitYuan),
          startDate: date,
          expiryDate,
          grantedBy: operator.id,
        }),
      ),
    );
  // The pledge line runs out in 20 days (the expiry reminder shows it); the supply line, granted for
  // a year at the start, was renewed with a higher limit two months ago.
  grant(addDays(today, -345), pledgeId, 2_000_000, addDays(today, 20));
  grant(day(-11, 2), supplyId, 3_000_000, addDays(day(-11, 2), 365));
  grant(addDays(today, -60), supplyId, 5_000_000, addDays(today, 305));

  const invoiceFinancing = (
    number: number,
    amount: number,
    issued: IsoDate,
    rest: Omit<InvoiceFinancingPlan, 'party' | 'platformCode' | 'invoice'>,
  ) =>
    planInvoiceFinancing(ctx, {
      party: demo,
      platformCode: platformCodes.supply,
      invoice: { number, amount, taxRatePct: 13, issued, registered: addDays(issued, 2) },
      ...rest,
    });
  invoiceFinancing(80_000_101, 400_000, day(-11, 6), {
    applied: day(-11, 9),
    amount: 320_000,
    termDays: 60,
    purpose: '支付上游钢材货款',
    disbursed: day(-11, 10),
    payTo: 'shagang',
    repaid: dueDateOf(day(-11, 10), 60),
  });
  planOrderLoan(ctx, platformCodes.supply);
  // Repaid nine days late: the daily job marked it overdue the day after its due date.
  invoiceFinancing(80_000_102, 350_000, day(-5, 13), {
    applied: day(-5, 16),
    amount: 280_000,
    termDays: 30,
    purpose: '支付冷轧薄板货款',
    disbursed: day(-5, 17),
    payTo: 'rizhao',
    repaid: addDays(dueDateOf(day(-5, 17), 30), 9),
  });
  invoiceFinancing(80_000_103, 250_000, day(-3, 9), {
    applied: day(-3, 12),
    amount: 200_000,
    termDays: 30,
    purpose: '支付上游货款',
    disbursed: day(-3, 13),
    payTo: 'baosteel',
    repaid: dueDateOf(day(-3, 13), 30),
  });

  planOverdueFinancing(ctx, supplyId, platformCodes.supply);
}

/** An invoice registered and verified, financed, signed, disbursed, paid on, and repaid (or left overdue). */
function planInvoiceFinancing(ctx: HistoryContext, plan: InvoiceFinancingPlan) {
  const { db, timeline } = ctx;
  const { party } = plan;
  const state: { invoiceId?: number; financingId?: number } = {};
  timeline.on(plan.invoice.registered, '09:30', async () => {
    const core = await coreOf(ctx, plan.platformCode);
    const amount = yuan(plan.invoice.amount);
    const issued = {
      invoiceCode: '3100231130',
      invoiceNumber: String(plan.invoice.number),
      issueDate: plan.invoice.issued,
      amount,
      taxAmount: Math.round((amount * plan.invoice.taxRatePct) / (100 + plan.invoice.taxRatePct)) as Cents,
    };
    // Issue 36: the (simulated) tax bureau knows the invoice its seller issued; registration checks it there.
    await issueDemoInvoice(db, { sellerId: party.scope.enterpriseId, buyerId: core, ...issued });
    const row = await registerInvoice(
      db,
      party.scope,
      party.actor,
      { ...issued, buyerEnterpriseId: core },
      chinaToday(),
      BUILT_IN_RECEIVABLES.verifier,
    );
    state.invoiceId = row.id;
  });
  timeline.on(plan.invoice.registered, '14:10', () =>
    ctx.decide(TASK.INVOICE_VERIFY, state.invoiceId!, ctx.operator, 'APPROVE', '发票真实有效，已查验'),
  );
  timeline.on(plan.applied, '10:00', async () => {
    const line = await creditLineOf(ctx, party, plan.platformCode);
    const applied = await applyInvoiceFinancing(
      db,
      party.scope,
      party.actor,
      { creditLineId: line, invoiceIds: [state.invoiceId!], amount: yuan(plan.amount), termDays: plan.termDays, purpose: plan.purpose },
      chinaToday(),
    );
    state.financingId = applied.id;
  });
  planApprovalAndSigning(ctx, party, plan.applied, state);
  timeline.on(plan.disbursed, '10:00', async () => disburseNext(ctx, state.financingId!));
  timeline.on(plan.disbursed, '15:00', () => payOn(ctx, party, plan.payTo, state.financingId!, 1));
  const due = dueDateOf(plan.disbursed, plan.termDays);
  if (!plan.repaid || plan.repaid > due) timeline.on(addDays(due, 1), '01:00', () => runStep(db, supplyLoanCloseStep, chinaToday()));
  if (plan.repaid) timeline.on(plan.repaid, '10:30', () => repayTranches(ctx, party, state.financingId!, 'all'));
  // Issue 36: the release notice (解除转让通知) goes out with that evening's close of business.
  if (plan.repaid) timeline.on(plan.repaid, '22:30', () => dispatchNotices(db, plan.repaid!));
}

/**
 * The order loan: 浙江远航's purchase order from 上海鑫源 (¥750,000.00) financed at 80 % for up to 120
 * days, drawn in two tranches a month apart, each repaid on its own due date — then settled.
 */
function planOrderLoan(ctx: HistoryContext, platformCode: string) {
  const { db, demo, timeline, today } = ctx;
  const day = (offset: number, d: number) => dayOfMonth(today, offset, d);
  const state: { financingId?: number } = {};
  const applied = day(-7, 8);
  timeline.on(applied, '10:00', async () => {
    const line = await creditLineOf(ctx, demo, platformCode);
    const orderNo = `YHPO${applied.slice(0, 7).replace('-', '')}0318`;
    const loan = await applyOrderLoan(
      db,
      demo.scope,
      demo.actor,
      {
        creditLineId: line,
        orderNo,
        orderAmount: yuan(750_000),
        deliveryDate: day(-4, 20),
        amount: yuan(600_000),
        termDays: 120,
        purpose: '按浙江远航采购订单备货',
      },
      chinaToday(),
      null, // a purchase order from outside the portal: no managed sales order backs it
    );
    state.financingId = loan.id;
  });
  planApprovalAndSigning(ctx, demo, applied, state);
  const tranches: { requested: IsoDate; amount: number; termDays: number; payTo: DemoSupplier }[] = [
    { requested: day(-7, 10), amount: 350_000, termDays: 60, payTo: 'shagang' },
    { requested: day(-6, 10), amount: 250_000, termDays: 60, payTo: 'baosteel' },
  ];
  tranches.forEach((t, i) => {
    const disbursed = addDays(t.requested, 1);
    timeline.on(t.requested, '09:30', () =>
      requestDrawdown(db, demo.scope, state.financingId!, demo.actor, { amount: yuan(t.amount), termDays: t.termDays }, chinaToday()),
    );
    timeline.on(disbursed, '10:00', () => disburseNext(ctx, state.financingId!));
    timeline.on(disbursed, '15:00', () => payOn(ctx, demo, t.payTo, state.financingId!, i + 1));
    timeline.on(dueDateOf(disbursed, t.termDays), '10:30', () => repayTranches(ctx, demo, state.financingId!, i + 1));
  });
}

/**
 * 江苏安储 joins the supply platform, whitelists its equipment supplier, and finances its storage
 * invoice to 浙江远航 three months ago; nothing has been repaid, so the daily job marked it overdue.
 */
function planOverdueFinancing(ctx: HistoryContext, supplyId: number, platformCode: string) {
  const { db, storage, timeline, today } = ctx;
  const day = (offset: number, d: number) => dayOfMonth(today, offset, d);
  const join: { id?: number } = {};
  const supplier: { id?: number } = {};
  timeline.on(day(-8, 3), '10:00', () =>
    applyToJoin(
      db,
      storage.scope,
      storage.actor,
      { platformId: supplyId, requestedLimit: yuan(1_000_000), remark: '为浙江远航提供仓储服务的应收账款融资' },
      chinaToday(),
    ).then((application) => (join.id = application.id)),
  );
  timeline.on(day(-8, 5), '11:00', () =>
    ctx.decide(TASK.PLATFORM_JOIN, join.id!, ctx.operator, 'APPROVE', '核心企业确认服务关系，同意授信 100 万元'),
  );
  timeline.on(day(-8, 6), '09:30', async () => {
    const payee = await inTransaction(db, (tx) =>
      openPayee(tx, storage.scope, storage.actor, {
        name: '昆山华力物流设备有限公司',
        bankName: '中国农业银行昆山分行营业部',
        accountNo: '10528101040018866',
        relation: 'UPSTREAM',
      }),
    );
    supplier.id = payee.id;
  });
  timeline.on(day(-8, 6), '14:00', () => ctx.decide('FUNDS_PAYEE', supplier.id!, ctx.operator, 'APPROVE', '设备采购合同已核对'));
  planInvoiceFinancing(ctx, {
    party: storage,
    platformCode,
    invoice: { number: 80_000_201, amount: 300_000, taxRatePct: 6, issued: day(-3, 1), registered: day(-3, 2) },
    applied: day(-3, 4),
    amount: 240_000,
    termDays: 45,
    purpose: '购置货架及叉车',
    disbursed: day(-3, 6),
    payTo: () => supplier.id!,
    repaid: null,
  });
}

/** Approved by 赵审 in the afternoon of the application, the contract signed by the applicant after. */
function planApprovalAndSigning(ctx: HistoryContext, party: Party, applied: IsoDate, state: { financingId?: number }) {
  ctx.timeline.on(applied, '15:00', () =>
    ctx.decide(TASK.FINANCING_APPROVAL, state.financingId!, ctx.operator, 'APPROVE', '资料齐全，同意融资'),
  );
  ctx.timeline.on(applied, '16:30', () =>
    inTransaction(ctx.db, async (tx) => {
      const [c] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(state.financingId))));
      // Signed as its user would (the password check is the route's): the same signature record and signed version.
      await recordSignature(tx, { contractId: c.id, scope: party.scope, signerName: party.actor.name, ip: party.actor.ip });
      await onFinancingContractSigned(tx, party.scope, state.financingId!, party.actor);
    }),
  );
  // Issue 36: the notice of assignment signed by the applicant and countersigned by 赵审 (sent in the portal to
  // 浙江远航), then 浙江远航 confirms the invoice with its signed 确认函 and acknowledges the notice.
  ctx.timeline.on(applied, '16:45', () => signNotice(ctx.db, state.financingId!, party));
  ctx.timeline.on(applied, '17:00', () => countersignNotice(ctx.db, state.financingId!, ctx.operator));
  ctx.timeline.on(applied, '17:30', async () => {
    const debtor = await actingOf(ctx.db, 'gouxiao');
    if (!debtor) return;
    await confirmOwed(ctx.db, state.financingId!, debtor);
    await acknowledgeReceived(ctx.db, state.financingId!, debtor);
  });
}

/** 钱核 disburses the financing's tranche waiting for it (maker-checker: not the approver). */
async function disburseNext(ctx: HistoryContext, financingId: number) {
  const [tranche] = await ctx.db
    .select({ id: financingTranches.id })
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.status, 'PENDING')));
  // Issue 36: approved on an earlier day, so 钱核 searches the registry (中登网) on the day of the payment first.
  await searchBeforeDisbursing(ctx.db, financingId, ctx.checker);
  await ctx.decide(TASK.FINANCING_DISBURSE, tranche.id, ctx.checker, 'APPROVE', '放款');
}

/** The tranche's net amount, paid from controlled funds to the supplier by targeted payment. */
async function payOn(ctx: HistoryContext, party: Party, payTo: PayTo, financingId: number, seq: number) {
  const [tranche] = await ctx.db
    .select({ netAmount: financingTranches.netAmount })
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.seq, seq)));
  const payeeId = typeof payTo === 'function' ? payTo() : ctx.payees.get(payTo)!;
  await inTransaction(ctx.db, (tx) =>
    payFromControlled(tx, party.scope, { payeeId, amount: tranche.netAmount as Cents, purpose: '支付采购货款' }),
  );
}

/** Repays what is owed today (interest to the day, penalty if late) on all open tranches or on one. */
async function repayTranches(ctx: HistoryContext, party: Party, financingId: number, which: 'all' | number) {
  const today = chinaToday();
  const { quote } = await repaymentQuote(ctx.db, party.scope, financingId, today);
  const amount = which === 'all' ? quote.total : quote.tranches.find((t) => t.seq === which)!.total;
  await inTransaction(ctx.db, (tx) => repayOnline(tx, party.scope, financingId, party.actor, amount, today));
}

async function coreOf(ctx: HistoryContext, platformCode: string) {
  const [row] = await ctx.db
    .select({ id: enterprises.id })
    .from(platforms)
    .innerJoin(enterprises, eq(enterprises.id, platforms.coreEnterpriseId))
    .where(eq(platforms.code, platformCode));
  return row.id;
}

async function creditLineOf(ctx: HistoryContext, party: Party, platformCode: string) {
  const [row] = await ctx.db
    .select({ id: creditLines.id })
    .from(creditLines)
    .innerJoin(platforms, eq(platforms.id, creditLines.platformId))
    .where(and(eq(creditLines.enterpriseId, party.enterpriseId), eq(platforms.code, platformCode)));
  return row.id;
}
