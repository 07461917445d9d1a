import type { Cents } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { financings, orderReceivables } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { LoanCollection } from '../../financing/index.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { repayOnline } from './repay-online.ts';
import { lockFinancing } from '../store.ts';

/** An order loan a collection repays: money has been paid out on it and not all repaid. */
const COLLECTING = ['DISBURSED', 'REPAYING'] as const;

/**
 * The `LoanCollection` port (financing/ports.ts) as supply loans serve it to purchase/sales (issue 16,
 * "its collection repays the loan first"): the order loan the seller's order backs (its order
 * receivable, by seller and order number) is repaid from the collection just credited to the seller —
 * an online repayment in the seller's scope, allocated as every repayment is, up to what it owes today.
 */
export const orderLoanCollection: LoanCollection = {
  async repayFromCollection(tx, { sellerEnterpriseId, orderNo, amount, actor, today }) {
    const [loan] = await tx
      .select({ id: financings.id, financingNo: financings.financingNo })
      .from(orderReceivables)
      .innerJoin(financings, eq(financings.id, orderReceivables.financingId))
      .where(
        and(
          eq(orderReceivables.enterpriseId, sellerEnterpriseId),
          eq(orderReceivables.orderNo, orderNo),
          inArray(financings.status, [...COLLECTING]),
        ),
      );
    if (!loan) return null;
    // The repayment is the seller's, from the money just credited to it: it runs in the seller's scope.
    const seller: EnterpriseScope = {
      kind: 'enterprise',
      enterpriseId: sellerEnterpriseId,
      userId: actor.id,
      certified: true,
      warehouse: false,
    };
    const financing = await lockFinancing(tx, seller, loan.id);
    const owed = quoteOf(financing, await openTranches(tx, loan.id, true), today).total;
    const repay = Math.min(owed, amount) as Cents;
    if (repay <= 0) return null;
    const repaid = await repayOnline(tx, seller, loan.id, { id: actor.id, name: actor.name }, repay, today);
    return { financingNo: loan.financingNo, repaid: repay, refNo: repaid.refNo };
  },
};
