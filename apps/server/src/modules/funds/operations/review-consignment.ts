import { eq } from 'drizzle-orm';
import { consignmentLifecycle, type ConsignmentStatus } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { consignmentApplications } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { now } from '../../../lib/clock.ts';

/** Operator's decision on a consignment application. */
export async function reviewConsignment(tx: Tx, applicationId: number, operatorId: number, approve: boolean, note: string | null) {
  const [a] = await tx.select().from(consignmentApplications).where(eq(consignmentApplications.id, applicationId)).for('update');
  if (!a) throw new NotFoundError('代付申请不存在');
  if (a.status !== 'PENDING') throw new BusinessError('该代付申请已审核');
  const status: ConsignmentStatus = approve ? 'APPROVED' : 'REJECTED';
  await transition(tx, consignmentApplications, consignmentLifecycle, a, status, {
    reviewNote: note,
    reviewedBy: operatorId,
    reviewedAt: now(),
  });
  return { before: { status: a.status }, after: { status, reviewNote: note } };
}
