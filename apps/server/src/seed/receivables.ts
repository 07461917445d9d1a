import { addDays, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bpmTasks, enterprises, financedAssets, invoices, psOrders, users } from '../db/schema/index.ts';
import { decideTask, taskRegistry } from '../modules/bpm/index.ts';
import { BusinessError } from '../lib/envelope.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { issueOrderInvoice } from '../modules/purchase-sales/index.ts';
import { BUILT_IN_RECEIVABLES, changeBureauStatus, issueAtBureau, recheckAsset } from '../modules/receivables/index.ts';
import { registerInvoice, SUPPLY_LOAN_TASK_TYPES, TASK } from '../modules/supplyloan/index.ts';

/**
 * The simulated tax bureau issues a demo invoice (issue 36): the bureau knows the demo world's invoices as
 * the real one knows every invoice issued, with the seller's and buyer's credit codes and names.
 */
export async function issueDemoInvoice(
  db: Db,
  p: {
    sellerId: number;
    buyerId: number;
    invoiceCode?: string;
    invoiceNumber: string;
    issueDate: IsoDate;
    amount: Cents;
    taxAmount: Cents;
    orderNo?: string;
  },
) {
  const party = async (id: number) =>
    (await db.select({ name: enterprises.name, uscc: enterprises.uscc }).from(enterprises).where(eq(enterprises.id, id)))[0];
  const seller = await party(p.sellerId);
  const buyer = await party(p.buyerId);
  if (!seller?.uscc || !buyer?.uscc) return;
  await issueAtBureau(db, {
    invoiceCode: p.invoiceCode ?? '',
    invoiceNumber: p.invoiceNumber,
    sellerCreditCode: seller.uscc,
    sellerName: seller.name,
    buyerCreditCode: buyer.uscc,
    buyerName: buyer.name,
    issueDate: p.issueDate,
    amount: p.amount,
    taxAmount: p.taxAmount,
    orderNo: p.orderNo ?? null,
  });
}

/**
 * The receivables states of the demo world (issue 36), made through the real operations once the supply
 * loans and purchase/sales are seeded. Idempotent.
 * - A dilution: the invoice behind the financing disbursed today (80000002) is reversed (红冲) at the
 *   bureau and an operator's check finds it — the operator's 稀释 list shows it with its exposure.
 * - Financed once: an invoice billing the order of last year's settled order loan is registered and
 *   verified — its row says it cannot be financed (the order was financed and settled).
 * - A voided 数电票 the supplier tried to register: refused, the bureau's answer kept.
 * - The two-sided purchase/sales order 浙江远航 placed with 上海鑫源 is invoiced by 上海鑫源 through the
 *   bureau (its 备注 names the order), ready for the supplier to register.
 */
export async function seedReceivables(db: Db, today: IsoDate) {
  const [done] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, '80000301'));
  if (done) return;
  const byLogin = async (login: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, login))
    )[0];
  const [demo, buyer, operatorUser] = [await byLogin('demo'), await byLogin('gouxiao'), await byLogin('operator')];
  if (!demo?.enterpriseId || !buyer?.enterpriseId || !operatorUser) return;
  const scope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: demo.enterpriseId,
    userId: demo.id,
    certified: true,
    warehouse: false,
  };
  const me = { id: demo.id, name: demo.displayName };
  const operator = { id: operatorUser.id, name: operatorUser.displayName };
  const tasks = taskRegistry(SUPPLY_LOAN_TASK_TYPES);
  const approve = async (refId: number, comment: string) => {
    const [task] = await db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, TASK.INVOICE_VERIFY), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
    await decideTask(db, tasks, task.id, operator, 'APPROVE', comment);
  };

  // The dilution: 80000002, financed and disbursed today, reversed by its seller at the bureau.
  const [diluted] = await db
    .select()
    .from(financedAssets)
    .where(and(eq(financedAssets.invoiceNumber, '80000002'), eq(financedAssets.status, 'FUNDED')));
  if (diluted) {
    await db.transaction(async (tx) => {
      await changeBureauStatus(tx, {
        invoiceCode: '3100231130',
        invoiceNumber: '80000002',
        to: 'REVERSED',
        note: '销售退回，开具红字发票',
        today,
      });
      await recheckAsset(tx, BUILT_IN_RECEIVABLES.verifier, diluted.id, operator, today);
    });
  }

  // An invoice billing an order financed and settled last year: registered and verified, never financeable.
  const [settledOrder] = await db
    .select()
    .from(financedAssets)
    .where(and(eq(financedAssets.kind, 'ORDER'), eq(financedAssets.status, 'SETTLED')));
  if (settledOrder) {
    const orderNo = settledOrder.label.replace(/^订单 /, '');
    const amount = 750_000_00 as Cents;
    const invoice = {
      invoiceCode: '3100231130',
      invoiceNumber: '80000301',
      issueDate: addDays(today, -4),
      amount,
      taxAmount: Math.round((amount * 13) / 113) as Cents,
    };
    await issueDemoInvoice(db, { sellerId: demo.enterpriseId, buyerId: buyer.enterpriseId, ...invoice, orderNo });
    const row = await registerInvoice(
      db,
      scope,
      me,
      { ...invoice, buyerEnterpriseId: buyer.enterpriseId, orderNo },
      today,
      BUILT_IN_RECEIVABLES.verifier,
    );
    await approve(row.id, '税务局查验正常');
  }

  // A voided 数电票: the supplier's registration is refused; the bureau's answer is kept with the invoice's key.
  const voidNumber = `${today.slice(2, 4)}310000000000000301`;
  const voided = { invoiceNumber: voidNumber, issueDate: addDays(today, -6), amount: 56_500_00 as Cents, taxAmount: 6_500_00 as Cents };
  await issueDemoInvoice(db, { sellerId: demo.enterpriseId, buyerId: buyer.enterpriseId, ...voided });
  await db.transaction((tx) => changeBureauStatus(tx, { invoiceNumber: voidNumber, to: 'VOID', note: '开票信息有误，已作废', today }));
  await registerInvoice(db, scope, me, { ...voided, buyerEnterpriseId: buyer.enterpriseId }, today, BUILT_IN_RECEIVABLES.verifier).catch(
    (err: unknown) => {
      if (!(err instanceof BusinessError)) throw err;
    },
  );

  // The two-sided order 上海鑫源 confirmed: invoiced through the bureau, the order in its 备注.
  const [twoSided] = await db
    .select()
    .from(psOrders)
    .where(
      and(
        eq(psOrders.sellerEnterpriseId, demo.enterpriseId),
        eq(psOrders.buyerEnterpriseId, buyer.enterpriseId),
        eq(psOrders.status, 'CONFIRMED'),
      ),
    )
    .limit(1);
  if (twoSided)
    await db.transaction((tx) =>
      issueOrderInvoice(
        tx,
        scope,
        { id: demo.id, name: demo.displayName, enterpriseId: demo.enterpriseId },
        twoSided.id,
        today,
        'ADDRESSED',
      ),
    );
}
