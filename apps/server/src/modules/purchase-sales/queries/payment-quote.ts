import { maskBankAccount, outstandingOf } from '@factoring/domain';
import type { PaymentQuote } from '@factoring/domain/contract';
import type { Db } from '../../../db/client.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { activePayees } from '../../funds/index.ts';
import { virtualAccountBalance } from '../../ledger/index.ts';
import { assertPayable, supplierNameOf } from '../payment-rules.ts';
import { lockOrder, sameName } from '../store.ts';

/** What the targeted-payment page shows before paying: outstanding, the funds it would come from, the fee, the matching payees. */
export async function paymentQuote(db: Db, scope: EnterpriseScope, id: number, fee: number): Promise<PaymentQuote> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    assertPayable(order, scope);
    const supplier = await supplierNameOf(tx, order);
    const account = await virtualAccountBalance(tx, scope.enterpriseId);
    const active = await activePayees(tx, scope);
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      counterpartyName: supplier,
      totalAmount: order.totalAmount,
      paidAmount: order.paidAmount,
      outstanding: outstandingOf(order),
      controlled: account?.controlled ?? 0,
      available: account?.available ?? 0,
      fee,
      payees: active
        .filter((p) => sameName(p.name, supplier))
        .map((p) => ({ id: p.id, name: p.name, bankName: p.bankName, accountNo: maskBankAccount(p.accountNo) })),
    };
  });
}
