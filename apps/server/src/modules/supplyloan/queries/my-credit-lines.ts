import { INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { creditLines, platforms } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { creditLineSummary } from '../../credit/index.ts';
import { core, platformColumns } from './platforms.ts';

/** The caller's credit lines on SUPPLY platforms, for the application form. */
export async function myCreditLines(db: Db, scope: Scope, today: IsoDate) {
  const rows = await db
    .select({ line: creditLines, platform: platformColumns })
    .from(creditLines)
    .innerJoin(platforms, eq(platforms.id, creditLines.platformId))
    .innerJoin(core, eq(core.id, platforms.coreEnterpriseId))
    .where(and(ownedBy(scope, creditLines.enterpriseId), eq(platforms.product, 'SUPPLY')))
    .orderBy(asc(creditLines.id));
  return rows.map(({ line, platform }) => ({
    ...creditLineSummary(line, today),
    platform: { ...platform, interestModeLabel: INTEREST_MODE_LABELS[platform.interestMode] },
  }));
}
