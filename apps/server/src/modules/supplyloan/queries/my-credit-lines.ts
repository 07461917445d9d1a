import { INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

import { platformDirectory } from '../../financing/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { creditLineDirectory, creditLineFields, creditLineSummary } from '../../credit/index.ts';
import { core, platformColumns } from './platforms.ts';

/** The caller's credit lines on SUPPLY platforms, for the application form. */
export async function myCreditLines(db: Db, scope: Scope, today: IsoDate) {
  const rows = await db
    .select({ line: creditLineFields, platform: platformColumns })
    .from(creditLineDirectory)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLineDirectory.platformId))
    .innerJoin(core, eq(core.id, platformDirectory.coreEnterpriseId))
    .where(and(ownedBy(scope, creditLineDirectory.enterpriseId), eq(platformDirectory.product, 'SUPPLY')))
    .orderBy(asc(creditLineDirectory.id));
  return rows.map(({ line, platform }) => ({
    ...creditLineSummary(line, today),
    platform: { ...platform, interestModeLabel: INTEREST_MODE_LABELS[platform.interestMode] },
  }));
}
