import { assertPledgeTerms, PledgeRuleError, type PledgeTerms } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pledgeTerms } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { platformOf } from '../financing/index.ts';

/** Sets what a PLEDGE platform accepts for one goods item (lines checked by the domain rule). */
export async function setPledgeTerms(db: Db | Tx, p: { platformId: number; goodsId: number } & PledgeTerms) {
  try {
    assertPledgeTerms(p);
  } catch (err) {
    if (err instanceof PledgeRuleError) throw new BusinessError(err.message, err.code);
    throw err;
  }
  const platform = await platformOf(db, p.platformId);
  if (platform.product !== 'PLEDGE') throw new BusinessError('只有质押融资平台可以设置质押货物', 'PLEDGE_WRONG_PLATFORM');
  const values = {
    pledgeRatePpm: p.pledgeRatePpm,
    warningLinePpm: p.warningLinePpm,
    liquidationLinePpm: p.liquidationLinePpm,
    marginRatePpm: p.marginRatePpm,
  };
  const [existing] = await db
    .select()
    .from(pledgeTerms)
    .where(and(eq(pledgeTerms.platformId, p.platformId), eq(pledgeTerms.goodsId, p.goodsId)));
  if (existing) return (await db.update(pledgeTerms).set(values).where(eq(pledgeTerms.id, existing.id)).returning())[0]!;
  return (
    await db
      .insert(pledgeTerms)
      .values({ platformId: p.platformId, goodsId: p.goodsId, ...values })
      .returning()
  )[0]!;
}
