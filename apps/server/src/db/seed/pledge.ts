import { addDays, chinaDate, type Cents } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { goods, platforms, pledgeTerms, users } from '../schema/index.ts';
import { recordGoodsPrice } from '../../modules/pledge/record-price.ts';
import { setPledgeTerms } from '../../modules/pledge/terms.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';

/**
 * Goods-pledge demo (issue 14): the demo pledge platform accepts the warehouse demo's hot-rolled
 * coil and cathode copper (pledge rate 70 %, warning 80 %, liquidation 90 %, margin 10 %), and the
 * operator's price list has a short history for both — recorded through the real price service.
 */
export async function seedPledge(db: Db) {
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.pledge));
  const [operator] = await db.select().from(users).where(eq(users.loginName, 'operator'));
  const items = await db
    .select()
    .from(goods)
    .where(inArray(goods.name, ['热轧卷板', '电解铜']));
  if (!platform || !operator || items.length < 2) return;
  const [already] = await db
    .select({ id: pledgeTerms.id })
    .from(pledgeTerms)
    .where(and(eq(pledgeTerms.platformId, platform.id)));
  if (already) return;
  const coil = items.find((g) => g.name === '热轧卷板')!;
  const copper = items.find((g) => g.name === '电解铜')!;
  const lines = { pledgeRatePpm: 700_000, warningLinePpm: 800_000, liquidationLinePpm: 900_000, marginRatePpm: 100_000 };
  await setPledgeTerms(db, { platformId: platform.id, goodsId: coil.id, ...lines });
  await setPledgeTerms(db, { platformId: platform.id, goodsId: copper.id, ...lines });
  const today = chinaDate();
  const actor = { id: operator.id, name: operator.displayName };
  const history: [number, number, number, string][] = [
    [coil.id, -30, 392_000, '上海钢联 Mysteel 热卷价格指数'],
    [coil.id, -10, 386_500, '上海钢联 Mysteel 热卷价格指数'],
    [coil.id, 0, 385_000, '上海钢联 Mysteel 热卷价格指数'],
    [copper.id, -30, 6_920_000, '上海有色网 SMM 1#电解铜均价'],
    [copper.id, -10, 6_870_000, '上海有色网 SMM 1#电解铜均价'],
    [copper.id, 0, 6_850_000, '上海有色网 SMM 1#电解铜均价'],
  ];
  for (const [goodsId, days, unitPrice, source] of history)
    await recordGoodsPrice(db, actor, { goodsId, unitPrice: unitPrice as Cents, priceDate: addDays(today, days), source }, today);
}

/** The current price rows count (for tests that check the seed). */
