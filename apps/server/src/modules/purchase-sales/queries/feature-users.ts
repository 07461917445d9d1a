import type { featureUserQuerySchema } from '@factoring/domain/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { psFeatureLog } from '../../../db/schema/index.ts';
import { enterpriseDirectory, userStateDirectory as account } from '../../account/index.ts';

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
