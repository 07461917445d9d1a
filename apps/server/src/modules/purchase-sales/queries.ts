import {
  chinaDate,
  kindOfSide,
  maskBankAccount,
  normaliseQuantity,
  ORDER_STATUS_LABELS,
  orderActionsOf,
  outstandingOf,
  OPEN_ORDER_STATUSES,
} from '@factoring/domain';
import type { OrderDetail, OrderRow, orderListQuerySchema, PurchaseSalesOverview } from '@factoring/domain/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { psOrderAttachments, psOrderEvents, psOrderLines, psOrderPayments, psOrders } from '../../db/schema/index.ts';
import { enterpriseDirectory, enterpriseDirectoryAs } from '../account/index.ts';
import { chinaMonthSql } from '../../lib/china-time-sql.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { addressedTo, counterpartyIdOf, sideOf, visibleTo, type Order, type PsAccess } from './store.ts';
import { uploadDirectory } from '../uploads/index.ts';
import { orderLoanKey, type OrderLoans } from '../financing/index.ts';

/** Financings that still tie an order: its collection must repay them first. */
export const LIVE_FINANCING = ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'] as const;

const ownerEnterprise = enterpriseDirectoryAs('owner_enterprise');

/** An order with what every view needs: the owner's name (the order loan it backs comes from `withLoans`). */
function baseSelect(db: Db | Tx) {
  return db
    .select({
      order: psOrders,
      ownerName: ownerEnterprise.name,
      partlyFulfilled: sql<boolean>`exists (select 1 from ${psOrderLines} where ${psOrderLines.orderId} = ${psOrders.id} and ${psOrderLines.fulfilled} > 0)`,
    })
    .from(psOrders)
    .innerJoin(ownerEnterprise, eq(ownerEnterprise.id, psOrders.ownerEnterpriseId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];
type BaseRow = SelectedRow & { financingId: number | null; financingNo: string | null; financingStatus: string | null };

/** The rows with the order loan each backs (its receivable financed), asked of supply loans once for all the rows. */
async function withLoans(db: Db | Tx, loans: OrderLoans, rows: SelectedRow[]): Promise<BaseRow[]> {
  const backing = await loans.backing(
    db,
    rows.map((r) => r.order),
  );
  return rows.map((r) => {
    const loan = r.order.sellerEnterpriseId === null ? undefined : backing.get(orderLoanKey(r.order.sellerEnterpriseId, r.order.orderNo));
    const financed = loan?.receivableStatus === 'FINANCED' ? loan : null;
    return {
      ...r,
      financingId: financed?.financingId ?? null,
      financingNo: financed?.financingNo ?? null,
      financingStatus: financed?.financingStatus ?? null,
    };
  });
}

export const isFinanced = (status: string | null | undefined) => !!status && (LIVE_FINANCING as readonly string[]).includes(status);

/** What `ADDRESSED` access may do with an order sent to it: confirm or send it back, nothing else (issue 24). */
const onlyAnswer = (a: OrderRow['actions']): OrderRow['actions'] => ({
  edit: false,
  confirm: false,
  counterpartyConfirm: a.counterpartyConfirm,
  fulfil: false,
  cancel: false,
  pay: false,
  collect: false,
  close: false,
});

function rowView(r: BaseRow, scope: EnterpriseScope, today: string, access: PsAccess = 'FULL'): OrderRow {
  const o = r.order;
  const side = sideOf(o, scope.enterpriseId);
  const owner = o.ownerEnterpriseId === scope.enterpriseId;
  const outstanding = outstandingOf(o);
  const counterpartyEnterpriseId = counterpartyIdOf(o, side);
  const financed = isFinanced(r.financingStatus);
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: kindOfSide(side),
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    owner,
    counterpartyName: owner ? o.counterpartyName : r.ownerName,
    counterpartyEnterpriseId,
    counterpartyOnPortal: counterpartyEnterpriseId !== null,
    deliveryDate: o.deliveryDate,
    amount: o.amount,
    tax: o.tax,
    totalAmount: o.totalAmount,
    paidAmount: o.paidAmount,
    outstanding,
    partlyFulfilled: o.status === 'CONFIRMED' && r.partlyFulfilled,
    overdue: OPEN_ORDER_STATUSES.includes(o.status) && outstanding > 0 && o.deliveryDate < today,
    financing: r.financingId && side === 'SELLER' ? { id: r.financingId, financingNo: r.financingNo!, status: r.financingStatus! } : null,
    actions: (access === 'ADDRESSED' ? onlyAnswer : (a: OrderRow['actions']) => a)(
      orderActionsOf({
        status: o.status,
        side,
        owner,
        counterpartyOnPortal: counterpartyEnterpriseId !== null,
        started: r.partlyFulfilled || o.paidAmount > 0,
        outstanding,
        financed,
      }),
    ),
    createdAt: o.createdAt.toISOString(),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
  };
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The viewer's side as a filter: its purchase orders are those it buys in. */
function kindFilter(scope: EnterpriseScope, kind: 'PURCHASE' | 'SALES'): SQL {
  return kind === 'PURCHASE' ? eq(psOrders.buyerEnterpriseId, scope.enterpriseId) : eq(psOrders.sellerEnterpriseId, scope.enterpriseId);
}

export async function listOrders(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  q: z.output<typeof orderListQuerySchema>,
  access: PsAccess = 'FULL',
) {
  const today = chinaDate();
  const keyword = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    visibleTo(scope, access),
    q.kind ? kindFilter(scope, q.kind) : undefined,
    q.status ? eq(psOrders.status, q.status as Order['status']) : undefined,
    keyword
      ? or(
          sql`${psOrders.orderNo} ilike ${keyword}`,
          sql`${psOrders.counterpartyName} ilike ${keyword}`,
          sql`${ownerEnterprise.name} ilike ${keyword}`,
        )
      : undefined,
    q.dateFrom ? gte(psOrders.deliveryDate, q.dateFrom) : undefined,
    q.dateTo ? lte(psOrders.deliveryDate, q.dateTo) : undefined,
    q.payable === '1'
      ? and(
          eq(psOrders.buyerEnterpriseId, scope.enterpriseId),
          inArray(psOrders.status, ['CONFIRMED', 'DELIVERED', 'RECEIVED']),
          sql`${psOrders.paidAmount} < ${psOrders.totalAmount}`,
        )
      : undefined,
  );
  const rows = await withLoans(
    db,
    loans,
    await baseSelect(db)
      .where(where)
      .orderBy(desc(psOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(psOrders)
    .innerJoin(ownerEnterprise, eq(ownerEnterprise.id, psOrders.ownerEnterpriseId))
    .where(where);
  return { items: rows.map((r) => rowView(r, scope, today, access)), totalCount: Number(n) };
}

/** The detail drawer: lines, history, payments and attachments. */
export async function orderDetail(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  id: number,
  access: PsAccess = 'FULL',
): Promise<OrderDetail> {
  const [r] = await withLoans(db, loans, await baseSelect(db).where(and(eq(psOrders.id, id), visibleTo(scope, access))));
  if (!r) throw new NotFoundError('订单不存在');
  const o = r.order;
  const [lines, events, payments, attachments] = await Promise.all([
    db.select().from(psOrderLines).where(eq(psOrderLines.orderId, id)).orderBy(asc(psOrderLines.seq)),
    db
      .select({ e: psOrderEvents, enterpriseName: enterpriseDirectory.name })
      .from(psOrderEvents)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, psOrderEvents.enterpriseId))
      .where(eq(psOrderEvents.orderId, id))
      .orderBy(desc(psOrderEvents.id)),
    db.select().from(psOrderPayments).where(eq(psOrderPayments.orderId, id)).orderBy(desc(psOrderPayments.id)),
    db
      .select({ a: psOrderAttachments, fileName: uploadDirectory.originalName, size: uploadDirectory.size })
      .from(psOrderAttachments)
      .innerJoin(uploadDirectory, eq(uploadDirectory.id, psOrderAttachments.uploadId))
      .where(eq(psOrderAttachments.orderId, id))
      .orderBy(asc(psOrderAttachments.id)),
  ]);
  const owner = o.ownerEnterpriseId === scope.enterpriseId;
  return {
    ...rowView(r, scope, chinaDate(), access),
    // The owner's own notes about a typed-in counterparty; the other side sees the owner instead.
    counterpartyBankName: owner ? o.counterpartyBankName : null,
    counterpartyAccountNo: owner ? o.counterpartyAccountNo : null,
    remark: o.remark,
    lines: lines.map((l) => ({
      id: l.id,
      seq: l.seq,
      goodsId: l.goodsId,
      goodsName: l.goodsName,
      spec: l.spec,
      unit: l.unit,
      quantity: normaliseQuantity(l.quantity),
      fulfilled: normaliseQuantity(l.fulfilled),
      unitPrice: l.unitPrice,
      taxRatePpm: l.taxRatePpm,
      amount: l.amount,
      tax: l.tax,
      total: l.total,
    })),
    events: events.map(({ e, enterpriseName }) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      actorName: e.actorName,
      enterpriseName,
      createdAt: e.createdAt.toISOString(),
    })),
    // Each side sees the money movements of the order; the fee and funding split are the payer's own.
    payments: payments.map((p) => {
      const mine = p.enterpriseId === scope.enterpriseId;
      return {
        id: p.id,
        direction: p.direction,
        method: p.method,
        amount: p.amount,
        fromControlled: mine ? p.fromControlled : 0,
        fromFree: mine ? p.fromFree : 0,
        fee: mine ? p.fee : 0,
        loanRepaid: mine || o.sellerEnterpriseId === scope.enterpriseId ? p.loanRepaid : 0,
        payeeName: p.payeeName,
        payeeAccountNo: mine && p.payeeAccountNo ? maskBankAccount(p.payeeAccountNo) : null,
        refNos: mine ? p.refNos : [],
        note: p.note,
        createdAt: p.createdAt.toISOString(),
      };
    }),
    attachments: attachments.map(({ a, fileName, size }) => ({
      id: a.id,
      uploadId: a.uploadId,
      fileName,
      size,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** `/purchaseSalesManage`: open orders, money due in and out this month and overdue, six months by month. */
export async function overview(db: Db, scope: EnterpriseScope, access: PsAccess = 'FULL'): Promise<PurchaseSalesOverview> {
  const today = chinaDate();
  const monthStart = `${today.slice(0, 7)}-01`;
  const e = scope.enterpriseId;
  const open = inArray(psOrders.status, ['CONFIRMED', 'DELIVERED', 'RECEIVED']);
  const outstanding = sql<number>`coalesce(sum(${psOrders.totalAmount} - ${psOrders.paidAmount}), 0)::bigint`;
  // Without the switch the figures are those of the orders sent to the enterprise only.
  const seen = access === 'ADDRESSED' ? addressedTo(e) : undefined;
  const side = (buyer: boolean) => and(buyer ? eq(psOrders.buyerEnterpriseId, e) : eq(psOrders.sellerEnterpriseId, e), seen);
  const figures = async (buyer: boolean) => {
    const [all] = await db
      .select({ count: sql<number>`count(*)::int`, outstanding })
      .from(psOrders)
      .where(and(side(buyer), open));
    const [month] = await db
      .select({ outstanding })
      .from(psOrders)
      .where(
        and(
          side(buyer),
          open,
          gte(psOrders.deliveryDate, monthStart),
          sql`${psOrders.deliveryDate} < (${monthStart}::date + interval '1 month')::date`,
        ),
      );
    const [late] = await db
      .select({ outstanding })
      .from(psOrders)
      .where(and(side(buyer), open, sql`${psOrders.deliveryDate} < ${today}`));
    return {
      count: Number(all.count),
      outstanding: Number(all.outstanding),
      month: Number(month.outstanding),
      overdue: Number(late.outstanding),
    };
  };
  const [p, s] = await Promise.all([figures(true), figures(false)]);
  // Confirmed business by month of confirmation, China time, the last six months.
  const monthOf = chinaMonthSql(psOrders.confirmedAt);
  const byMonth = await db
    .select({
      month: monthOf,
      purchase: sql<number>`coalesce(sum(case when ${psOrders.buyerEnterpriseId} = ${e} then ${psOrders.totalAmount} else 0 end), 0)::bigint`,
      sales: sql<number>`coalesce(sum(case when ${psOrders.sellerEnterpriseId} = ${e} then ${psOrders.totalAmount} else 0 end), 0)::bigint`,
    })
    .from(psOrders)
    .where(
      and(
        or(eq(psOrders.buyerEnterpriseId, e), eq(psOrders.sellerEnterpriseId, e)),
        seen,
        sql`${psOrders.confirmedAt} is not null`,
        sql`${psOrders.status} <> 'CANCELLED'`,
      ),
    )
    .groupBy(monthOf);
  const months: { month: string; purchase: number; sales: number }[] = [];
  const [y, m] = today.split('-').map(Number);
  for (let i = 5; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    const key = d.toISOString().slice(0, 7);
    const found = byMonth.find((b) => b.month === key);
    months.push({ month: key, purchase: Number(found?.purchase ?? 0), sales: Number(found?.sales ?? 0) });
  }
  const n = await ordersToConfirm(db, scope);
  return {
    openPurchase: { count: p.count, outstanding: p.outstanding },
    openSales: { count: s.count, outstanding: s.outstanding },
    dueOutThisMonth: p.month,
    dueInThisMonth: s.month,
    overdueOut: p.overdue,
    overdueIn: s.overdue,
    months,
    toConfirm: Number(n),
  };
}

/**
 * Orders another portal enterprise sent to the scope's enterprise that wait for its confirmation — the
 * to-do on its home page and the overview's notice, whatever its own purchase/sales switch (issue 24).
 */
export async function ordersToConfirm(db: Db, scope: EnterpriseScope): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(psOrders)
    .where(and(eq(psOrders.status, 'SUBMITTED'), addressedTo(scope.enterpriseId)));
  return Number(n);
}

/** Whether any order was ever sent to the enterprise: its users then reach the orders addressed to it (menu, issue 24). */
export async function hasOrdersAddressedTo(db: Db, enterpriseId: number): Promise<boolean> {
  const [row] = await db.select({ id: psOrders.id }).from(psOrders).where(addressedTo(enterpriseId)).limit(1);
  return row !== undefined;
}
