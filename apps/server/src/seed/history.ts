import { addDays, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { creditLines, platforms } from '../db/schema/index.ts';
import { chinaToday } from '../lib/clock.ts';
import { loadHistoryContext } from './history-context.ts';
import { planFinancingHistory } from './history-financings.ts';
import { planFundsHistory } from './history-funds.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';
import { dayOfMonth, Timeline } from './timeline.ts';
import { runStep } from '../jobs/close-of-business.ts';
import type { LoanBook } from '../modules/financing/index.ts';
import { riskSnapshotStep } from '../modules/risk/index.ts';

/**
 * The risk desk's month-end snapshots (issue 27) over the year, so its trends have a year of points:
 * the close of business's own step, run on each month's last day as the daily run would (01:30). The twelve month ends
 * before yesterday: yesterday's business date is today's close of business to run (on the first of a month, the month
 * end just passed), by the scheduler or an operator as in a live world, not the seed's.
 */
function planRiskSnapshots(db: Db, loans: LoanBook, today: IsoDate, timeline: Timeline) {
  const step = riskSnapshotStep(loans);
  const yesterday = addDays(today, -1);
  for (let offset = -12; offset <= -1; offset += 1) {
    const monthEnd = addDays(dayOfMonth(yesterday, offset + 1, 1), -1);
    timeline.on(monthEnd, '01:30', () => runStep(db, step, monthEnd));
  }
}

/**
 * The demo world's last twelve months (issue 12), lived through the real operations with the clock
 * set to each step's time: the demo enterprise's monthly receipts, storage fees and withdrawals, its
 * whitelisted suppliers, credit lines, financings settled with their interest to the day (one late,
 * with penalty), an order loan with two drawdowns, and 江苏安储's overdue financing, and the risk desk's
 * month-end snapshots. It ends where
 * the present-day seed starts, so today's balances and financings are the same with it as without.
 * Runs once: the demo enterprise's supply credit line is its first mark.
 */
export async function seedHistory(db: Db, loans: LoanBook, today: IsoDate = chinaToday()) {
  const timeline = new Timeline(today);
  const ctx = await loadHistoryContext(db, today, timeline);
  if (!ctx) return;
  const [done] = await db
    .select({ id: creditLines.id })
    .from(creditLines)
    .innerJoin(platforms, eq(platforms.id, creditLines.platformId))
    .where(and(eq(creditLines.enterpriseId, ctx.demo.enterpriseId), eq(platforms.code, DEMO_PLATFORM_CODES.supply)));
  if (done) return;
  planFundsHistory(ctx);
  await planFinancingHistory(ctx, DEMO_PLATFORM_CODES);
  planRiskSnapshots(db, loans, today, timeline);
  await timeline.run();
}
