import { addDays, chinaDate, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bpmTasks,
  contracts,
  creditLines,
  enterprises,
  financings,
  financingTranches,
  invoices,
  platforms,
  users,
} from '../db/schema/index.ts';
import { decideTask, taskRegistry } from '../modules/bpm/index.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { issueDemoInvoice } from './receivables.ts';
import { actingOf, clearAssignment } from './confirmations.ts';
import { BUILT_IN_RECEIVABLES } from '../modules/receivables/index.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import {
  applyInvoiceFinancing,
  onFinancingContractSigned,
  registerInvoice,
  repaymentQuote,
  repayOnline,
  TASK,
  SUPPLY_LOAN_TASK_TYPES,
} from '../modules/supplyloan/index.ts';

export const DEMO_PLATFORM_CODES = {
  supply: 'YH-SUPPLY',
  pledge: 'AC-PLEDGE',
  open: 'ZJ-SUPPLY',
  /** 远航's receivables factored without recourse (issue 36): a shortfall is the factor's, written off. */
  withoutRecourse: 'YH-NONRECOURSE',
} as const;

const yuan = (n: number) => Math.round(n * 100) as Cents;

/** The demo's platforms (PRODUCT §12): a SUPPLY platform with the buyer 浙江远航 as core enterprise, a PLEDGE platform, a third one open to join. Idempotent. */
export async function seedSupplyPlatforms(db: Db) {
  const [existing] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
  if (existing) return;
  const [buyer] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginName})`, 'gouxiao'));
  const [storage] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginName})`, 'cangchu'));
  if (!buyer?.enterpriseId || !storage?.enterpriseId) return;
  const [openCore] = await db
    .insert(enterprises)
    .values({ name: '中建材华东建设集团有限公司', uscc: '91320100MA1XJ8K21C' })
    .returning({ id: enterprises.id });
  await db
    .insert(platforms)
    .values([
      {
        code: DEMO_PLATFORM_CODES.supply,
        name: '远航供应链应收账款融资平台',
        coreEnterpriseId: buyer.enterpriseId,
        product: 'SUPPLY',
        annualRatePpm: 72_000,
        maxTermDays: 180,
        advanceRatePpm: 800_000,
        interestMode: 'ARREARS',
        serviceFeeRatePpm: 5_000,
        penaltyMultiplierPpm: 1_500_000,
        priceList: [
          { minDays: 1, maxDays: 30, annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 },
          { minDays: 31, maxDays: 90, annualRatePpm: 72_000, serviceFeeRatePpm: 5_000 },
          { minDays: 91, maxDays: 180, annualRatePpm: 80_000, serviceFeeRatePpm: 8_000 },
        ],
        description:
          '以对浙江远航供应链管理有限公司的应收账款（增值税发票）或其采购订单为依据，在授信额度内按应收账款金额的 80% 融资，利随本清，到期一次还本付息。',
      },
      {
        code: DEMO_PLATFORM_CODES.pledge,
        name: '安储仓单质押融资平台',
        coreEnterpriseId: storage.enterpriseId,
        product: 'PLEDGE',
        annualRatePpm: 84_000,
        maxTermDays: 180,
        advanceRatePpm: 700_000,
        interestMode: 'UPFRONT',
        serviceFeeRatePpm: 4_000,
        penaltyMultiplierPpm: 1_500_000,
        priceList: [],
        description: '以存放于江苏安储监管仓库的货物质押融资，按质押物价值的 70% 放款，预收利息。',
      },
      {
        code: DEMO_PLATFORM_CODES.open,
        name: '中建材华东供应链金融平台',
        coreEnterpriseId: openCore.id,
        product: 'SUPPLY',
        annualRatePpm: 68_000,
        maxTermDays: 120,
        advanceRatePpm: 700_000,
        interestMode: 'UPFRONT',
        serviceFeeRatePpm: 4_000,
        penaltyMultiplierPpm: 1_500_000,
        priceList: [
          { minDays: 1, maxDays: 60, annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 },
          { minDays: 61, maxDays: 120, annualRatePpm: 68_000, serviceFeeRatePpm: 4_000 },
        ],
        description: '面向中建材华东建设集团有限公司的供应商，预收息，最长 120 天；暗保理，转让通知书会签后留存，逾期时通知核心企业。',
        // Issue 36: undisclosed factoring; the core enterprise has no portal user, its notices go by mail.
        noticeMode: 'UNDISCLOSED',
        noticeEmail: 'finance@zjc-east.example.cn',
      },
      {
        // Issue 36 (民法典 art. 767): the 远航 terms for 30 days, without recourse — the factor bears the debtor's default.
        code: DEMO_PLATFORM_CODES.withoutRecourse,
        name: '远航应收账款无追索权保理平台',
        coreEnterpriseId: buyer.enterpriseId,
        product: 'SUPPLY',
        annualRatePpm: 65_000,
        maxTermDays: 30,
        advanceRatePpm: 800_000,
        interestMode: 'ARREARS',
        serviceFeeRatePpm: 3_000,
        penaltyMultiplierPpm: 1_500_000,
        priceList: [],
        description:
          '以对浙江远航供应链管理有限公司的应收账款融资，按应收账款金额的 80% 融资，最长 30 天，利随本清；无追索权：浙江远航到期未付清的部分由保理商承担，不向供应商追索。',
        recourse: false,
      },
    ])
    .returning();
}

/**
 * The present-day supply-loan part of the demo world (PRODUCT §12), built through the module's own
 * services so every disbursement and repayment is a real, balanced ledger posting: on the credit line
 * the history granted (seed/history.ts), a financing disbursed today and partly repaid, one submitted
 * and waiting for the operator, and invoices ready to finance, waiting for verification and refused.
 * Idempotent.
 */
export async function seedSupplyLoan(db: Db, today: IsoDate = chinaDate()) {
  const [existing] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, '80000002'));
  if (existing) return;
  const byLogin = async (login: string) => {
    const [u] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.loginName})`, login));
    return u;
  };
  const demo = await byLogin('demo');
  const buyer = await byLogin('gouxiao');
  const operatorUser = await byLogin('operator');
  if (!demo?.enterpriseId || !buyer?.enterpriseId || !operatorUser) return;
  // The operator's decisions below go through the task inbox with the supply-loan task types.
  const tasks = taskRegistry(SUPPLY_LOAN_TASK_TYPES);
  const enterpriseId = demo.enterpriseId;
  const me = { id: demo.id, name: demo.displayName };
  const demoScope: EnterpriseScope = { kind: 'enterprise', enterpriseId, userId: demo.id, certified: true, warehouse: false };
  const operator = { id: operatorUser.id, name: operatorUser.displayName };
  // Maker-checker: disbursements are executed by the second operator (钱核), not the approver.
  const checkerUser = (await byLogin('fuhe')) ?? operatorUser;
  const checker = { id: checkerUser.id, name: checkerUser.displayName };
  const [supply] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.enterpriseId, enterpriseId), eq(creditLines.platformId, supply.id)));
  if (!line) return;

  const invoice = async (n: number, amount: number, issuedDaysAgo: number, verify: boolean, knownToBureau = true) => {
    const issued = {
      invoiceCode: '3100231130',
      invoiceNumber: String(80_000_000 + n),
      issueDate: addDays(today, -issuedDaysAgo),
      amount: yuan(amount),
      taxAmount: Math.round((yuan(amount) * 13) / 113) as Cents,
    };
    // Issue 36: the (simulated) tax bureau knows the invoices the demo supplier issued — all but one.
    if (knownToBureau) await issueDemoInvoice(db, { sellerId: enterpriseId, buyerId: buyer.enterpriseId!, ...issued });
    const row = await registerInvoice(
      db,
      demoScope,
      me,
      { ...issued, buyerEnterpriseId: buyer.enterpriseId! },
      today,
      BUILT_IN_RECEIVABLES.verifier,
    );
    if (verify) await decide(TASK.INVOICE_VERIFY, row.id, 'APPROVE', '发票真实有效，已查验');
    return row.id;
  };
  const decide = async (type: string, refId: number, decision: 'APPROVE' | 'REJECT', text: string, by = operator) => {
    const [task] = await db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
    await decideTask(db, tasks, task.id, by, decision, text);
  };
  const sign = async (financingId: number) => {
    await db.transaction(async (tx) => {
      const [c] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(financingId))));
      // Signed as the demo user would (the password confirmation is the route's; the seed has no browser):
      // the same signature record and signed version as through the contract list.
      await recordSignature(tx, {
        contractId: c.id,
        scope: demoScope,
        signerName: demo.displayName,
        ip: '127.0.0.1',
        effectiveDate: today,
      });
      await onFinancingContractSigned(tx, demoScope, financingId, me);
    });
  };
  const disburse = async (financingId: number) => {
    const [tranche] = await db
      .select({ id: financingTranches.id })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.status, 'PENDING')));
    await decide(TASK.FINANCING_DISBURSE, tranche.id, 'APPROVE', '放款', checker);
  };
  const repay = (financingId: number, amount: number) => db.transaction((tx) => repayOnline(tx, demoScope, financingId, me, amount, today));

  // Disbursed and repaying: 600,000.00 for 90 days, 100,000.00 principal already repaid.
  const repayingInvoice = await invoice(2, 800_000, 20, true);
  const repaying = await applyInvoiceFinancing(
    db,
    demoScope,
    me,
    { creditLineId: line.id, invoiceIds: [repayingInvoice], amount: yuan(600_000), termDays: 90, purpose: '采购原材料' },
    today,
  );
  await sign(repaying.id);
  await decide(TASK.FINANCING_APPROVAL, repaying.id, 'APPROVE', '同意');
  // Issue 36: the debtor's part before the money goes out — the notice signed, countersigned and delivered to
  // 浙江远航 in the portal, the invoice confirmed with its signed 确认函, the notice acknowledged.
  const debtor = await actingOf(db, 'gouxiao');
  if (debtor)
    await clearAssignment(db, repaying.id, {
      supplier: { scope: demoScope, actor: { ...me, ip: '127.0.0.1' } },
      debtor,
      operator,
    });
  await disburse(repaying.id);
  // Repaid on its disbursement day, the loan owes one day of interest first (issue 37 item 10): 120.00.
  const { quote } = await repaymentQuote(db, demoScope, repaying.id, today);
  await repay(repaying.id, yuan(100_000) + quote.interest);

  // Submitted: waiting for the operator's approval and the user's signature.
  const submittedInvoice = await invoice(3, 375_000, 10, true);
  await applyInvoiceFinancing(
    db,
    demoScope,
    me,
    { creditLineId: line.id, invoiceIds: [submittedInvoice], amount: yuan(300_000), termDays: 60, purpose: '补充流动资金' },
    today,
  );

  // A verified invoice ready to finance, one waiting for verification, one refused.
  await invoice(4, 150_000, 5, true);
  await invoice(5, 96_000, 2, false);
  const refused = await invoice(6, 52_000, 3, false, false);
  await decide(TASK.INVOICE_VERIFY, refused, 'REJECT', '税务局查无此票，且未能提供发票原件，请核对发票代码与号码');
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(financings)
    .where(and(eq(financings.enterpriseId, enterpriseId), inArray(financings.status, ['REPAYING', 'SUBMITTED'])));
  if (n !== 2) throw new Error(`supply-loan seed: expected the repaying and the submitted financing, found ${n}`);
}
