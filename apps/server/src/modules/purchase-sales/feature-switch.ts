import type { featureUserQuerySchema } from '@factoring/domain/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { psFeatureLog, users } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';

/**
 * Operator: enterprise users with their purchase/sales switch and its last change. The switch is
 * the user's `purchaseSalesEnabled` flag, read with the session on every request, so the menu and
 * the API follow it at the user's next call.
 */
export async function listFeatureUsers(db: Db, q: z.output<typeof featureUserQuerySchema>) {
  const like = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(users.authority, 'merchant'),
    like
      ? sql`(${users.loginName} ilike ${like} or ${users.displayName} ilike ${like} or ${enterpriseDirectory.name} ilike ${like})`
      : undefined,
  );
  const last = db
    .select({ userId: psFeatureLog.userId, at: sql<Date>`max(${psFeatureLog.createdAt})`.as('at') })
    .from(psFeatureLog)
    .groupBy(psFeatureLog.userId)
    .as('last');
  const rows = await db
    .select({ u: users, enterpriseName: enterpriseDirectory.name, changedAt: last.at })
    .from(users)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, users.enterpriseId))
    .leftJoin(last, eq(last.userId, users.id))
    .where(where)
    .orderBy(desc(users.purchaseSalesEnabled), users.id)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, users.enterpriseId))
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
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new NotFoundError('用户不存在');
    if (u.authority !== 'merchant' || !u.enterpriseId) throw new BusinessError('只能为企业用户开通购销管理', 'NOT_MERCHANT');
    if (u.purchaseSalesEnabled === enabled) throw new BusinessError(enabled ? '该用户已开通购销管理' : '该用户未开通购销管理', 'UNCHANGED');
    await tx.update(users).set({ purchaseSalesEnabled: enabled }).where(eq(users.id, u.id));
    const [log] = await tx
      .insert(psFeatureLog)
      .values({
        userId: u.id,
        before: u.purchaseSalesEnabled,
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
    .select({ l: psFeatureLog, loginName: users.loginName })
    .from(psFeatureLog)
    .innerJoin(users, eq(users.id, psFeatureLog.userId))
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
