// An order as each side sees it (the list, queries/list-orders.ts, and the detail, queries/order-detail.ts):
// the owner's name, the order loan it backs, the actions the viewer may take; and which financings still tie
// an order (LIVE_FINANCING).
import { kindOfSide, ORDER_STATUS_LABELS, orderActionsOf, outstandingOf, OPEN_ORDER_STATUSES } from '@factoring/domain';
import type { OrderRow } from '@factoring/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { psOrderLines, psOrders } from '../../db/schema/index.ts';
import { enterpriseDirectoryAs } from '../account/index.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { counterpartyIdOf, sideOf, type PsAccess } from './store.ts';
import { orderLoanKey, type OrderLoans } from '../financing/index.ts';

/** Financings that still tie an order: its collection must repay them first. */
export const LIVE_FINANCING = ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'] as const;

export const ownerEnterprise = enterpriseDirectoryAs('owner_enterprise');

/** An order with what every view needs: the owner's name (the order loan it backs comes from `withLoans`). */
export function baseSelect(db: Db | Tx) {
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
export async function withLoans(db: Db | Tx, loans: OrderLoans, rows: SelectedRow[]): Promise<BaseRow[]> {
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

export function rowView(r: BaseRow, scope: EnterpriseScope, today: string, access: PsAccess = 'FULL'): OrderRow {
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
