import { ORDER_STATUS_LABELS, orderKeyOf, outstandingOf } from '@factoring/domain';
import type { FinanceableOrder } from '@factoring/domain/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { orderLoanKey, type OrderLoans } from '../../financing/index.ts';
import { creditLineDirectory } from '../../credit/index.ts';
import { heldOrders, partyKeysOf } from '../../receivables/index.ts';
import { FINANCEABLE } from '../order-loan-backing.ts';

async function coreOfLine(db: Db | Tx, scope: EnterpriseScope, creditLineId: number) {
  const [row] = await db
    .select({ coreId: enterpriseDirectory.id, coreName: enterpriseDirectory.name, product: platformDirectory.product })
    .from(creditLineDirectory)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLineDirectory.platformId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, platformDirectory.coreEnterpriseId))
    .where(and(eq(creditLineDirectory.id, creditLineId), ownedBy(scope, creditLineDirectory.enterpriseId)));
  if (!row) throw new NotFoundError('授信不存在');
  return { id: row.coreId, name: row.coreName, product: row.product };
}

/** `/supplyloan/orderLoan` picker: the enterprise's confirmed sales orders to the credit line's core enterprise not yet financed (nor their invoices). */
export async function financeableOrders(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  creditLineId: number,
): Promise<FinanceableOrder[]> {
  const core = await coreOfLine(db, scope, creditLineId);
  if (core.product !== 'SUPPLY') return [];
  const rows = await db
    .select()
    .from(psOrders)
    .where(
      and(
        eq(psOrders.sellerEnterpriseId, scope.enterpriseId),
        inArray(psOrders.status, [...FINANCEABLE]),
        sql`${psOrders.paidAmount} < ${psOrders.totalAmount}`,
        or(
          eq(psOrders.buyerEnterpriseId, core.id),
          and(isNull(psOrders.buyerEnterpriseId), eq(sql`replace(${psOrders.counterpartyName}, ' ', '')`, core.name.replace(/\s+/g, ''))),
        ),
      ),
    )
    .orderBy(desc(psOrders.id))
    .limit(100);
  // Issue 36: an order financed before — by any product, itself or through an invoice billing it — is not offered.
  const parties = await partyKeysOf(db, [scope.enterpriseId, core.id]);
  const keyOf = (orderNo: string) => orderKeyOf({ buyerKey: parties.get(core.id)!, sellerKey: parties.get(scope.enterpriseId)!, orderNo });
  const held = await heldOrders(
    db,
    rows.map((o) => keyOf(o.orderNo)),
  );
  // And one whose receivable the supply loan holds financed.
  const backing = await loans.backing(db, rows);
  const financed = (orderNo: string) => backing.get(orderLoanKey(scope.enterpriseId, orderNo))?.receivableStatus === 'FINANCED';
  return rows
    .filter((o) => !held.has(keyOf(o.orderNo)) && !financed(o.orderNo))
    .map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      counterpartyName: o.counterpartyName,
      totalAmount: outstandingOf(o),
      deliveryDate: o.deliveryDate,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status],
    }));
}
