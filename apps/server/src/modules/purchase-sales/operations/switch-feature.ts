import type { Db } from '../../../db/client.ts';
import { psFeatureLog } from '../../../db/schema/index.ts';
import { switchPurchaseSales } from '../../account/index.ts';

/** Operator: switches a user's purchase/sales feature on or off, with the reason, audited in the same transaction. */
export async function switchFeature(
  db: Db,
  operator: { id: number; name: string; ip?: string },
  userId: number,
  enabled: boolean,
  reason: string,
) {
  return db.transaction(async (tx) => {
    const u = await switchPurchaseSales(tx, userId, enabled);
    const [log] = await tx
      .insert(psFeatureLog)
      .values({
        userId: u.id,
        before: u.before,
        enabled,
        reason,
        operatorId: operator.id,
        operatorName: operator.name,
        ip: operator.ip ?? null,
      })
      .returning();
    return { id: u.id, loginName: u.loginName, enabled, changedAt: log.createdAt.toISOString() };
  });
}
