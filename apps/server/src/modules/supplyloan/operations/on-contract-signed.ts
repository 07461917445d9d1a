import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Scope } from '../../../lib/scope.ts';
import { afterContractSigned } from './approval.ts';
import { lockFinancing, recordEvent, SYSTEM, type Actor } from '../store.ts';

/**
 * Called by the contracts module inside the signing transaction when a FINANCING contract is signed.
 * APPROVED → CONTRACT_SIGNED (an invoice financing then waits for disbursement). Signed while still
 * SUBMITTED: recorded, and the approval moves it on. A financing that has ended refuses the signing.
 */
export async function onFinancingContractSigned(tx: Tx, scope: Scope, financingId: number, actor: Actor = SYSTEM): Promise<void> {
  const financing = await lockFinancing(tx, scope, financingId);
  if (financing.status === 'SUBMITTED') {
    await recordEvent(tx, financing.id, actor, '签署融资合同', '合同已签署，待审核通过后进入放款');
    return;
  }
  if (financing.status === 'APPROVED') {
    await afterContractSigned(tx, financing, actor);
    return;
  }
  if (financing.status === 'REJECTED' || financing.status === 'CANCELLED') throw new BusinessError('该融资申请已终止，合同不能签署');
  // Already past signing (e.g. a second contract of the same financing): nothing moves.
}
