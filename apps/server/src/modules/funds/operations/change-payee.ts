import { payeeLifecycle } from '@factoring/domain';
import type { PayeeInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { payees } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { openFundsTask, type Submitter } from '../operator-tasks.ts';
import { fieldsOf, lockOwnPayee, payeeView, refuseDuplicate, type Payee } from '../payee-store.ts';
import * as clock from '../../../lib/clock.ts';

/** Changes a payee. An active payee keeps paying with its old details until the change is approved. */
export async function changePayee(tx: Tx, scope: EnterpriseScope, by: Submitter, payeeId: number, input: PayeeInput) {
  const p = await lockOwnPayee(tx, scope, payeeId);
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status === 'PENDING' || p.pendingChange) throw new BusinessError('该收款方正在审核中，请等待审核结果后再修改');
  if (p.status === 'DISABLED') throw new BusinessError('已停用的收款方不能修改，请重新添加');
  await refuseDuplicate(tx, scope, input.accountNo, p.id);
  let updated: Payee;
  if (p.status === 'REJECTED') {
    // A rejected application is corrected and submitted again.
    updated = await transition(tx, payees, payeeLifecycle, p, 'PENDING', { ...input, reviewNote: null, updatedAt: clock.now() });
  } else {
    [updated] = await tx.update(payees).set({ pendingChange: input, updatedAt: clock.now() }).where(eq(payees.id, p.id)).returning();
  }
  await openFundsTask(tx, {
    type: 'FUNDS_PAYEE',
    refId: p.id,
    enterpriseId: scope.enterpriseId,
    submittedBy: by,
    subject: `${p.status === 'ACTIVE' ? '变更' : '重新提交'}定向支付收款方：${input.name}`,
    data: {
      payeeId: p.id,
      change: p.status === 'ACTIVE',
      before: { name: p.name, bankName: p.bankName, accountNo: p.accountNo, relation: p.relation },
      ...input,
    },
    fields: [...(p.status === 'ACTIVE' ? [{ label: '原收款方', value: `${p.name} ${p.accountNo}` }] : []), ...fieldsOf(input)],
  });
  return payeeView(updated);
}
