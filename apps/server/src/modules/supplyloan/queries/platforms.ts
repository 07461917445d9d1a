import { INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { platformJoinApplications } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory, enterpriseDirectoryAs } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { creditLineDirectory, creditLineFields, creditLineSummary } from '../../credit/index.ts';
import { readSiteConfig } from '../../system/index.ts';

/** The platform's core enterprise (joined for its name). */
export const core = enterpriseDirectoryAs('core_enterprise');

export const platformColumns = {
  id: platformDirectory.id,
  code: platformDirectory.code,
  name: platformDirectory.name,
  product: platformDirectory.product,
  coreEnterpriseId: platformDirectory.coreEnterpriseId,
  coreEnterpriseName: core.name,
  annualRatePpm: platformDirectory.annualRatePpm,
  maxTermDays: platformDirectory.maxTermDays,
  advanceRatePpm: platformDirectory.advanceRatePpm,
  interestMode: platformDirectory.interestMode,
  serviceFeeRatePpm: platformDirectory.serviceFeeRatePpm,
  penaltyMultiplierPpm: platformDirectory.penaltyMultiplierPpm,
  priceList: platformDirectory.priceList,
  repaymentAccount: platformDirectory.repaymentAccount,
  description: platformDirectory.description,
  joinable: platformDirectory.joinable,
  noticeMode: platformDirectory.noticeMode,
  recourse: platformDirectory.recourse,
  collectionGraceDays: platformDirectory.collectionGraceDays,
};

/**
 * The SUPPLY platforms with the caller's credit line on each (or null) and its latest join
 * application: joined platforms first, then those open to join.
 */
export async function listPlatforms(db: Db, scope: EnterpriseScope, today: IsoDate) {
  const rows = await db
    .select({ ...platformColumns, line: creditLineFields })
    .from(platformDirectory)
    .innerJoin(core, eq(core.id, platformDirectory.coreEnterpriseId))
    .leftJoin(
      creditLineDirectory,
      and(eq(creditLineDirectory.platformId, platformDirectory.id), ownedBy(scope, creditLineDirectory.enterpriseId)),
    )
    .where(eq(platformDirectory.product, 'SUPPLY'))
    .orderBy(asc(platformDirectory.id));
  const applications = await db
    .select()
    .from(platformJoinApplications)
    .where(ownedBy(scope, platformJoinApplications.enterpriseId))
    .orderBy(desc(platformJoinApplications.id));
  const site = await readSiteConfig(db);
  return rows.map(({ line, ...p }) => {
    const application = applications.find((a) => a.platformId === p.id) ?? null;
    return {
      ...p,
      repaymentAccount: p.repaymentAccount ?? site.factoringAccount,
      interestModeLabel: INTEREST_MODE_LABELS[p.interestMode],
      creditLine: line ? creditLineSummary(line, today) : null,
      joinApplication: application
        ? {
            id: application.id,
            status: application.status,
            requestedLimit: application.requestedLimit,
            reviewNote: application.reviewNote,
            createdAt: application.createdAt,
          }
        : null,
    };
  });
}

/** One platform with its price list and receiving account (platforms are the factor's, visible to every enterprise). */
export async function platformDetail(db: Db, id: number) {
  const [row] = await db
    .select(platformColumns)
    .from(platformDirectory)
    .innerJoin(core, eq(core.id, platformDirectory.coreEnterpriseId))
    .where(eq(platformDirectory.id, id));
  if (!row) throw new NotFoundError('平台不存在');
  const site = await readSiteConfig(db);
  return {
    ...row,
    repaymentAccount: row.repaymentAccount ?? site.factoringAccount,
    interestModeLabel: INTEREST_MODE_LABELS[row.interestMode],
  };
}

/** The core enterprises of SUPPLY platforms: the buyers an invoice may be issued to. */
export async function coreEnterprises(db: Db) {
  return db
    .selectDistinct({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(platformDirectory)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, platformDirectory.coreEnterpriseId))
    .where(eq(platformDirectory.product, 'SUPPLY'))
    .orderBy(enterpriseDirectory.id);
}
