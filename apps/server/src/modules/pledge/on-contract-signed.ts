import { eq } from 'drizzle-orm';
import { pledgeFinancings } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { SignHook } from '../contracts/index.ts';
import { recordPledgeEvent } from './store.ts';

/**
 * The sign hook of the pledge's contracts (contract-kinds.ts), for their record PLEDGE: inside the signing transaction the financing's history
 * records the signature (the approval task's drawer reads it live, contract-status.ts); an application
 * that has ended refuses the signature. The financing row is read, not locked: signing locks the contract first, ending an
 * application locks the financing first, and the two must not wait on each other in opposite order.
 */
export const pledgeSignHook: SignHook = async (tx, relatedId, contract) => {
  const [f] = await tx
    .select({ id: pledgeFinancings.id, status: pledgeFinancings.status })
    .from(pledgeFinancings)
    .where(eq(pledgeFinancings.id, Number(relatedId)));
  if (!f) throw new BusinessError('质押融资不存在，合同不能签署');
  if (f.status === 'REJECTED' || f.status === 'CANCELLED') throw new BusinessError('该质押融资申请已终止，合同不能签署', 'PLEDGE_ENDED');
  await recordPledgeEvent(tx, f.id, contract.signer, `签署${contract.typeLabel}`, `合同编号 ${contract.contractNo}`);
};
