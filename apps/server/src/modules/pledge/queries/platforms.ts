import { type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeTerms } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { goodsDirectory } from '../../warehouse/index.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { creditLineDirectory, creditLineSummary } from '../../credit/index.ts';
import { currentPrice } from '../store.ts';

/** The pledge platforms (/pledge/myPlatform): the caller's credit line on each, the accepted goods with their lines and today's price. */
export async function pledgePlatforms(db: Db, scope: EnterpriseScope, today: IsoDate) {
  const rows = await db.select().from(platformDirectory).where(eq(platformDirectory.product, 'PLEDGE')).orderBy(asc(platformDirectory.id));
  const result = [];
  for (const p of rows) {
    const [line] = await db
      .select()
      .from(creditLineDirectory)
      .where(and(eq(creditLineDirectory.platformId, p.id), ownedBy(scope, creditLineDirectory.enterpriseId)));
    const terms = await db
      .select({
        t: pledgeTerms,
        g: { id: goodsDirectory.id, name: goodsDirectory.name, unit: goodsDirectory.unit, scale: goodsDirectory.scale },
      })
      .from(pledgeTerms)
      .innerJoin(goodsDirectory, eq(goodsDirectory.id, pledgeTerms.goodsId))
      .where(eq(pledgeTerms.platformId, p.id))
      .orderBy(asc(goodsDirectory.id));
    const withPrices = [];
    for (const { t, g } of terms) {
      const price = await currentPrice(db, g.id);
      withPrices.push({
        goodsId: g.id,
        goodsName: g.name,
        unit: g.unit,
        scale: g.scale,
        pledgeRatePpm: t.pledgeRatePpm,
        warningLinePpm: t.warningLinePpm,
        liquidationLinePpm: t.liquidationLinePpm,
        marginRatePpm: t.marginRatePpm,
        unitPrice: price?.unitPrice ?? null,
        priceDate: price?.priceDate ?? null,
      });
    }
    result.push({
      id: p.id,
      code: p.code,
      name: p.name,
      annualRatePpm: p.annualRatePpm,
      maxTermDays: p.maxTermDays,
      interestMode: p.interestMode,
      penaltyMultiplierPpm: p.penaltyMultiplierPpm,
      description: p.description,
      creditLine: line ? creditLineSummary(line, today) : null,
      terms: withPrices,
    });
  }
  return result;
}
