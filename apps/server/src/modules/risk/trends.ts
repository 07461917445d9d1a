// Trends (issue 27): the month-end snapshots of the close of business — the last snapshot of each month,
// the latest 24 — as points of exposure by product, aging buckets and the supervisory ratios.
import type { AgingAnswer, ExposureAnswer, RatiosAnswer, TrendsAnswer } from '@factoring/domain/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { riskSnapshots } from '../../db/schema/index.ts';

const MONTHS = 24;

export async function trends(db: Db): Promise<TrendsAnswer> {
  const dates = await db.select({ d: riskSnapshots.businessDate }).from(riskSnapshots).orderBy(asc(riskSnapshots.businessDate));
  const lastOfMonth = new Map<string, string>();
  for (const { d } of dates) lastOfMonth.set(d.slice(0, 7), d);
  const chosen = [...lastOfMonth.values()].slice(-MONTHS);
  if (!chosen.length) return { points: [] };
  const rows = await db
    .select()
    .from(riskSnapshots)
    .where(inArray(riskSnapshots.businessDate, chosen))
    .orderBy(asc(riskSnapshots.businessDate));
  return {
    points: rows.map((row) => {
      const e = row.exposure as ExposureAnswer;
      const a = row.aging as AgingAnswer;
      const r = row.ratios as RatiosAnswer;
      const product = (key: string) => e.byProduct.find((p) => p.key === key)?.principal ?? 0;
      const check = (key: string) => r.checks.find((c) => c.key === key)?.value ?? 0;
      return {
        date: row.businessDate,
        byProduct: { INVOICE: product('INVOICE'), ORDER: product('ORDER'), PLEDGE: product('PLEDGE'), CLOUD: e.bankBook.principal },
        buckets: a.total.buckets,
        nonPerformingRatioPpm: a.nonPerformingRatioPpm,
        riskAssets: r.riskAssets,
        leveragePpm: check('LEVERAGE'),
        maxDebtorSharePpm: check('DEBTOR'),
        relatedSharePpm: check('RELATED'),
      };
    }),
  };
}
