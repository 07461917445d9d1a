import { payeeLifecycle, type PayeeStatus } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { payees } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { payeeView, type Payee } from '../payee-store.ts';
import * as clock from '../../../lib/clock.ts';

/** Operator's decision on a payee application or change. */
export async function reviewPayee(tx: Tx, payeeId: number, operatorId: number, approve: boolean, note: string | null) {
  const [p] = await tx.select().from(payees).where(eq(payees.id, payeeId)).for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  const now = clock.now();
  const before = payeeView(p);
  let updated: Payee;
  if (p.pendingChange) {
    [updated] = await tx
      .update(payees)
      .set({
        ...(approve ? p.pendingChange : {}),
        pendingChange: null,
        reviewNote: note,
        reviewedBy: operatorId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(payees.id, p.id))
      .returning();
  } else if (p.status === 'PENDING') {
    const to: PayeeStatus = approve ? 'ACTIVE' : 'REJECTED';
    updated = await transition(tx, payees, payeeLifecycle, p, to, {
      reviewNote: note,
      reviewedBy: operatorId,
      reviewedAt: now,
      updatedAt: now,
    });
  } else {
    throw new BusinessError('该收款方没有待审核的申请');
  }
  return { before, after: payeeView(updated) };
}
