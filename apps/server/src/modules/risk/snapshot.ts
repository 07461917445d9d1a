// The risk desk's daily snapshot (issue 27): a step of the close of business that records, for its
// business date, what the live views answer on that date — exposure, aging and the supervisory ratios,
// computed by the very functions the routes call — so the snapshot of a day is what the desk showed.
import type { AgingAnswer, ExposureAnswer, RatiosAnswer } from '@factoring/domain/contract';
import type { IsoDate } from '@factoring/domain';
import { formatYuan } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { riskSnapshots } from '../../db/schema/index.ts';
import type { CloseOfBusinessStep } from '../../jobs/close-of-business.ts';
import { aging } from './aging.ts';
import type { LoanBook } from '../financing/index.ts';
import { bookOn } from './book.ts';
import { exposure } from './exposure.ts';
import { ratios } from './ratios.ts';

export interface RiskSnapshot {
  exposure: ExposureAnswer;
  aging: AgingAnswer;
  ratios: RatiosAnswer;
}

/** The three views of one book, read once (each view alone reads it itself, with the same functions). */
export async function snapshotOf(loans: LoanBook, db: Db | Tx, businessDate: IsoDate): Promise<RiskSnapshot> {
  const book = await bookOn(loans, db, businessDate);
  return {
    exposure: exposure(businessDate, book),
    aging: await aging(db, businessDate, book),
    ratios: await ratios(db, businessDate, book),
  };
}

/** 风险快照: the day's exposure, aging and ratios into `risk_snapshots` (the day's row replaced if present). */
export const riskSnapshotStep = (loans: LoanBook): CloseOfBusinessStep<{ riskAssets: number; breaches: number; warnings: number }> => ({
  name: 'risk-snapshot',
  label: '风险快照',
  run: async (tx, businessDate) => {
    const s = await snapshotOf(loans, tx, businessDate);
    await tx
      .insert(riskSnapshots)
      .values({ businessDate, ...s })
      .onConflictDoUpdate({ target: riskSnapshots.businessDate, set: { ...s } });
    return {
      riskAssets: s.ratios.riskAssets,
      breaches: s.ratios.checks.filter((c) => c.level === 'BREACH').length,
      warnings: s.ratios.checks.filter((c) => c.level === 'WARNING').length,
    };
  },
  summary: (r) => `风险资产 ¥${formatYuan(r.riskAssets)}，超限指标 ${r.breaches} 项，预警 ${r.warnings} 项`,
});
