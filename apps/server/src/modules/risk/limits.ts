// The supervisory limits as configuration (issue 27): the site_config row `riskLimits` (not one of the
// site configuration's editable keys, like the cloud-loan product's settings), missing fields falling
// back on the defaults below. Saving writes one audit row with the whole before and after.
import type { Cents } from '@factoring/domain';
import { DEFAULT_RESERVE_RATES_PPM, type RiskLimits, type RiskLimitsAnswer } from '@factoring/domain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, siteConfig } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { writeAudit } from '../bpm/index.ts';

export const RISK_LIMITS_KEY = 'riskLimits';

/**
 * 205号's figures (10 ×, 50 %, 40 %), a warning at 90 % of each limit, and the factor's own: net assets
 * ¥100,000,000, one borrower at most ¥20,000,000, concentration limits enforced from ¥50,000,000 of
 * risk assets (the demo world's book is about ¥1,540,000, held by two debtors: every share of it is
 * near half), and the specific reserve per aging bucket of the five-category practice (0 %, 2 %, 5 %,
 * 25 %, 50 %). Operators set the real figures in 风险管理 → 限额设置.
 */
export const DEFAULT_RISK_LIMITS: RiskLimits = {
  netAssets: 10_000_000_000 as Cents,
  maxLeveragePpm: 10_000_000,
  maxDebtorSharePpm: 500_000,
  maxRelatedSharePpm: 400_000,
  maxBorrowerPrincipal: 2_000_000_000 as Cents,
  warningLevelPpm: 900_000,
  concentrationFloor: 5_000_000_000 as Cents,
  relatedPartyIds: [],
  reserveRatesPpm: { ...DEFAULT_RESERVE_RATES_PPM },
};

export async function readRiskLimits(db: Db | Tx): Promise<RiskLimits> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, RISK_LIMITS_KEY));
  const stored = row?.value && typeof row.value === 'object' ? (row.value as Partial<RiskLimits>) : {};
  return { ...DEFAULT_RISK_LIMITS, ...stored, reserveRatesPpm: { ...DEFAULT_RISK_LIMITS.reserveRatesPpm, ...stored.reserveRatesPpm } };
}

async function answerOf(db: Db | Tx, limits: RiskLimits): Promise<RiskLimitsAnswer> {
  const named = limits.relatedPartyIds.length
    ? await db
        .select({ id: enterprises.id, name: enterprises.name })
        .from(enterprises)
        .where(inArray(enterprises.id, limits.relatedPartyIds))
        .orderBy(asc(enterprises.id))
    : [];
  return { limits, relatedParties: named };
}

export const riskLimitsAnswer = async (db: Db) => answerOf(db, await readRiskLimits(db));

/** Operator: saves the limits (every related party must be an enterprise of the portal), audited before/after. */
export async function saveRiskLimits(db: Db, operator: { id: number; name: string; ip?: string }, input: RiskLimits) {
  return db.transaction(async (tx) => {
    const ids = [...input.relatedPartyIds].sort((a, b) => a - b);
    if (ids.length) {
      const known = new Set(
        (await tx.select({ id: enterprises.id }).from(enterprises).where(inArray(enterprises.id, ids))).map((e) => e.id),
      );
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw new BusinessError(`关联方企业不存在：${unknown.map((id) => `#${id}`).join('、')}`, 'RISK_UNKNOWN_PARTY');
    }
    const next: RiskLimits = { ...input, relatedPartyIds: ids };
    const [row] = await tx.select().from(siteConfig).where(eq(siteConfig.key, RISK_LIMITS_KEY)).for('update');
    const before = await readRiskLimits(tx);
    if (JSON.stringify(sorted(before)) !== JSON.stringify(sorted(next))) {
      if (row) await tx.update(siteConfig).set({ value: next }).where(eq(siteConfig.key, RISK_LIMITS_KEY));
      else await tx.insert(siteConfig).values({ key: RISK_LIMITS_KEY, value: next });
      await writeAudit(tx, {
        taskId: null,
        actor: operator,
        action: 'UPDATE',
        entityType: 'SITE_CONFIG',
        entityId: RISK_LIMITS_KEY,
        before,
        after: next,
      });
    }
    return answerOf(tx, next);
  });
}

const sorted = (l: RiskLimits) => Object.fromEntries(Object.entries(l).sort(([a], [b]) => (a < b ? -1 : 1)));
