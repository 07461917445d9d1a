import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psFeatureLog } from '../../../db/schema/index.ts';
import { userDirectory } from '../../account/index.ts';

/** Operator: the audit trail of the switch. */
export async function featureLog(db: Db, userId?: number) {
  const rows = await db
    .select({ l: psFeatureLog, loginName: userDirectory.loginName })
    .from(psFeatureLog)
    .innerJoin(userDirectory, eq(userDirectory.id, psFeatureLog.userId))
    .where(userId ? eq(psFeatureLog.userId, userId) : undefined)
    .orderBy(desc(psFeatureLog.id))
    .limit(100);
  return rows.map(({ l, loginName }) => ({
    id: l.id,
    userId: l.userId,
    loginName,
    enabled: l.enabled,
    reason: l.reason,
    operatorName: l.operatorName,
    createdAt: l.createdAt.toISOString(),
  }));
}
