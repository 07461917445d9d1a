import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { withdrawPendingTasks } from '../../bpm/index.ts';
import { endApplication } from './release-application.ts';
import { lockPledge, PLEDGE_TASK, type Actor } from '../store.ts';

/** The enterprise withdraws its application before disbursement: goods, credit and margin go back. */
export async function cancelPledge(db: Db, scope: EnterpriseScope, id: number, actor: Actor) {
  return inTransaction(db, async (tx) => {
    const f = await lockPledge(tx, scope, id);
    if (!['SUBMITTED', 'MARGIN_PENDING', 'MARGIN_PAID', 'APPROVED'].includes(f.status))
      throw new BusinessError('该融资已放款或已结束，不能取消', 'PLEDGE_NOT_CANCELLABLE');
    await withdrawPendingTasks(
      tx,
      [
        { type: PLEDGE_TASK.APPROVAL, refId: f.id },
        { type: PLEDGE_TASK.DISBURSE, refId: f.id },
      ],
      actor,
      '企业取消申请',
    );
    const done = await endApplication(tx, f, 'CANCELLED', actor, '取消申请', '企业取消质押融资申请，货物解除质押，授信额度与保证金退回');
    return { id: done.id, status: done.status };
  });
}
