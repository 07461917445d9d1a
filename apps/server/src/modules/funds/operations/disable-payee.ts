import { payeeLifecycle } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { payees } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { lockOwnPayee, payeeView } from '../payee-store.ts';
import * as clock from '../../../lib/clock.ts';

/** The enterprise stops paying a payee (no review needed to stop). */
export async function disablePayee(tx: Tx, scope: EnterpriseScope, payeeId: number) {
  const p = await lockOwnPayee(tx, scope, payeeId);
  if (p.status !== 'ACTIVE') throw new BusinessError('只有已生效的收款方可以停用');
  if (p.pendingChange) throw new BusinessError('该收款方有变更正在审核，请等待审核结果后再停用');
  return payeeView(await transition(tx, payees, payeeLifecycle, p, 'DISABLED', { updatedAt: clock.now() }));
}
