// The enterprise's pledge risk at a glance (dashboard, reminder after login): live financings whose
// last mark to market is over the warning line, and margin calls still to meet.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { goodsDirectory } from '../../warehouse/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { itemsOf, LIVE_STATUSES, pledgedQuantityOf, valuationOf } from '../store.ts';

export async function pledgeAlerts(db: Db, scope: Scope) {
  const live = await db
    .select({ f: pledgeFinancings, goodsName: goodsDirectory.name, scale: goodsDirectory.scale })
    .from(pledgeFinancings)
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, pledgeFinancings.goodsId))
    .where(and(ownedBy(scope, pledgeFinancings.enterpriseId), inArray(pledgeFinancings.status, [...LIVE_STATUSES])))
    .orderBy(asc(pledgeFinancings.id));
  const warnings = [];
  for (const { f, goodsName, scale } of live) {
    // Valued as the list and detail value it: the pledged quantity at the last price, top-up margin counted.
    const v = valuationOf(f, pledgedQuantityOf(await itemsOf(db, f.id), scale), f.lastUnitPrice);
    if (v.risk === 'NORMAL') continue;
    warnings.push({
      id: f.id,
      financingNo: f.financingNo,
      goodsName,
      value: v.value,
      outstanding: f.outstanding,
      ltvPpm: v.ltvPpm,
      warningLinePpm: f.warningLinePpm,
      liquidationLinePpm: f.liquidationLinePpm,
      risk: v.risk,
    });
  }
  const calls = await db
    .select({ c: pledgeMarginCalls, financingNo: pledgeFinancings.financingNo })
    .from(pledgeMarginCalls)
    .innerJoin(pledgeFinancings, eq(pledgeFinancings.id, pledgeMarginCalls.financingId))
    .where(and(ownedBy(scope, pledgeFinancings.enterpriseId), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])))
    .orderBy(asc(pledgeMarginCalls.deadline), asc(pledgeMarginCalls.id));
  return {
    warnings,
    marginCalls: calls.map(({ c, financingNo }) => ({
      id: c.id,
      financingId: c.financingId,
      financingNo,
      amount: c.amount,
      deadline: c.deadline,
      status: c.status as 'OPEN' | 'DEFAULTED',
    })),
  };
}
