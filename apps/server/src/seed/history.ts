import type { IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { creditLines, platforms } from '../db/schema/index.ts';
import { chinaToday } from '../lib/clock.ts';
import { loadHistoryContext } from './history-context.ts';
import { planFinancingHistory } from './history-financings.ts';
import { planFundsHistory } from './history-funds.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';
import { Timeline } from './timeline.ts';

/**
 * The demo world's last twelve months (issue 12), lived through the real operations with the clock
 * set to each step's time: the demo enterprise's monthly receipts, storage fees and withdrawals, its
 * whitelisted suppliers, credit lines, financings settled with their interest to the day (one late,
 * with penalty), an order loan with two drawdowns, and 江苏安储's overdue financing. It ends where
 * the present-day seed starts, so today's balances and financings are the same with it as without.
 * Runs once: the demo enterprise's supply credit line is its first mark.
 */
export async function seedHistory(db: Db, today: IsoDate = chinaToday()) {
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
  await timeline.run();
}
