import type { PayeeInput } from '@factoring/domain/contract';
import type { Tx } from '../../../db/client.ts';
import { payees } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { openFundsTask, type Submitter } from '../operator-tasks.ts';
import { fieldsOf, payeeView, refuseDuplicate } from '../payee-store.ts';

/** Opens directed payment to a new payee: it waits for an operator's review before it can be paid. */
export async function openPayee(tx: Tx, scope: EnterpriseScope, by: Submitter, input: PayeeInput) {
  await refuseDuplicate(tx, scope, input.accountNo);
  const [p] = await tx
    .insert(payees)
    .values({ enterpriseId: scope.enterpriseId, ...input })
    .returning();
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId: scope.enterpriseId,
    submittedBy: by,
    subject: `定向支付收款方：${p.name}`,
    data: { payeeId: p.id, change: false, ...input },
    fields: fieldsOf(input),
  });
  return payeeView(p);
}
