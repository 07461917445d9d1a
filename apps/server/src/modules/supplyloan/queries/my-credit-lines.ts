import { INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { creditLines } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { creditLineSummary } from '../../credit/index.ts';
import { core, platformColumns } from './platforms.ts';

/** The caller's credit lines on SUPPLY platforms, for the application form. */
export async function myCreditLines(db: Db, scope: Scope, today: IsoDate) {
  const rows = await db
    .select({ line: creditLines, platform: platformColumns })
    .from(creditLines)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLines.platformId))
    .innerJoin(core, eq(core.id, platformDirectory.coreEnterpriseId))
    .where(and(ownedBy(scope, creditLines.enterpriseId), eq(platformDirectory.product, 'SUPPLY')))
    .orderBy(asc(creditLines.id));
  return rows.map(({ line, platform }) => ({
    ...creditLineSummary(line, today),
    platform: { ...platform, interestModeLabel: INTEREST_MODE_LABELS[platform.interestMode] },
  }));
}
