// Trends (issue 27): the month-end snapshots of the close of business — the last snapshot of each month,
// the latest 24 — as points of exposure by product, aging buckets and the supervisory ratios.
import type { AgingAnswer, ExposureAnswer, RatiosAnswer, TrendsAnswer } from '@factoring/domain/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { riskSnapshots } from '../../db/schema/index.ts';
import type { ProductLine } from '../financing/index.ts';

const MONTHS = 24;

/** The points, with every product line lent under today (a line no snapshot holds reads 0). */
export async function trends(db: Db, lines: readonly ProductLine[]): Promise<TrendsAnswer> {
  const productLines = lines.map(({ code, label, side }) => ({ code, label, side }));
  const dates = await db.select({ d: riskSnapshots.businessDate }).from(riskSnapshots).orderBy(asc(riskSnapshots.businessDate));
  const lastOfMonth = new Map<string, string>();
  for (const { d } of dates) lastOfMonth.set(d.slice(0, 7), d);
  const chosen = [...lastOfMonth.values()].slice(-MONTHS);
  if (!chosen.length) return { lines: productLines, points: [] };
  const rows = await db
    .select()
    .from(riskSnapshots)
    .where(inArray(riskSnapshots.businessDate, chosen))
    .orderBy(asc(riskSnapshots.businessDate));
  const bankLines = lines.filter((l) => l.side === 'BANK');
  return {
    lines: productLines,
    points: rows.map((row) => {
      const e = row.exposure as ExposureAnswer;
      const a = row.aging as AgingAnswer;
      const r = row.ratios as RatiosAnswer;
      // A snapshot made before the banks' book was split by product holds its one total: the one bank line's.
      const bankRows =
        e.bankBook.byProduct ?? (bankLines.length === 1 ? [{ key: bankLines[0].code, principal: e.bankBook.principal }] : []);
      const product = (key: string) => [...e.byProduct, ...bankRows].find((p) => p.key === key)?.principal ?? 0;
      const check = (key: string) => r.checks.find((c) => c.key === key)?.value ?? 0;
      return {
        date: row.businessDate,
        byProduct: Object.fromEntries(lines.map((l) => [l.code, product(l.code)])),
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
