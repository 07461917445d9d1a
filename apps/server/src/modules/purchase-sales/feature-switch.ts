import type { featureUserQuerySchema } from '@factoring/domain/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { psFeatureLog } from '../../db/schema/index.ts';
import { enterpriseDirectory, switchPurchaseSales, userDirectory, userStateDirectory as account } from '../account/index.ts';

/**
 * Operator: enterprise users with their purchase/sales switch and its last change. The switch is
 * the user's `purchaseSalesEnabled` flag, read with the session on every request, so the menu and
 * the API follow it at the user's next call.
 */
export async function listFeatureUsers(db: Db, q: z.output<typeof featureUserQuerySchema>) {
  const like = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(account.authority, 'merchant'),
    like
      ? sql`(${account.loginName} ilike ${like} or ${account.displayName} ilike ${like} or ${enterpriseDirectory.name} ilike ${like})`
      : undefined,
  );
  const last = db
    .select({ userId: psFeatureLog.userId, at: sql<Date>`max(${psFeatureLog.createdAt})`.as('at') })
    .from(psFeatureLog)
    .groupBy(psFeatureLog.userId)
    .as('last');
  const rows = await db
    .select({
      u: {
        id: account.id,
        loginName: account.loginName,
        displayName: account.displayName,
        purchaseSalesEnabled: account.purchaseSalesEnabled,
      },
      enterpriseName: enterpriseDirectory.name,
      changedAt: last.at,
    })
    .from(account)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, account.enterpriseId))
    .leftJoin(last, eq(last.userId, account.id))
    .where(where)
    .orderBy(desc(account.purchaseSalesEnabled), account.id)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(account)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, account.enterpriseId))
    .where(where);
  const logs = rows.length
    ? await db
        .select({ userId: psFeatureLog.userId, operatorName: psFeatureLog.operatorName, id: psFeatureLog.id })
        .from(psFeatureLog)
        .where(
          sql`${psFeatureLog.userId} in (${sql.join(
            rows.map((r) => sql`${r.u.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(desc(psFeatureLog.id))
    : [];
  return {
    items: rows.map(({ u, enterpriseName, changedAt }) => ({
      id: u.id,
      loginName: u.loginName,
      displayName: u.displayName,
      enterpriseName,
      enabled: u.purchaseSalesEnabled,
      changedAt: changedAt ? new Date(changedAt).toISOString() : null,
      changedBy: logs.find((l) => l.userId === u.id)?.operatorName ?? null,
    })),
    totalCount: Number(n),
  };
}

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
