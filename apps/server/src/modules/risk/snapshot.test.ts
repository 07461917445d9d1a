import { addDays, chinaDate } from '@factoring/domain';
import type { AgingAnswer, ExposureAnswer, RatiosAnswer, TrendsAnswer } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskSnapshots } from '../../db/schema/index.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { atTime } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { disbursedFinancing, okOf, roles, type Roles } from '../supplyloan/testing.ts';
import { PORTS } from '../../app.ts';
import { riskSnapshotStep } from './index.ts';

// Issue 27, the daily snapshot and the trends, on PGlite and PostgreSQL: the close of business's risk
// step records for its business date exactly what the live views answered that day (same clock); a
// second run of the date changes nothing; the trends are the month-end snapshots — the demo world's
// year of them made by the same step in its history — with the figures of each snapshot.

let t: TestApp;
let r: Roles;
const day = addDays(chinaDate(), 3);
// The step as app.ts registers it: over the app's one loan book.
const snapshotStep = riskSnapshotStep(PORTS.loanBook);

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  await disbursedFinancing(t, r, { amount: 2_000_000, termDays: 1 });
}, 300_000);
afterAll(async () => t?.close());

describe('risk snapshot', () => {
  it('records what exposure, aging and ratios answered that day', async () => {
    const { live, first } = await atTime(new Date(`${day}T02:00:00Z`), async () => {
      const op = await t.loginAs('fuhe');
      const answers = {
        exposure: okOf<ExposureAnswer>(await op.get('/api/bpm/risk/exposure')),
        aging: okOf<AgingAnswer>(await op.get('/api/bpm/risk/aging')),
        ratios: okOf<RatiosAnswer>(await op.get('/api/bpm/risk/ratios')),
      };
      return { live: answers, first: await runStep(t.database.db, snapshotStep, day) };
    });
    expect(live.exposure.asOf).toBe(day);
    // The loan made today is two days late by then: the day's figures are not today's.
    expect(live.aging.pastDue.length).toBeGreaterThan(0);
    expect(first).toMatchObject({ skipped: false, riskAssets: live.ratios.riskAssets });

    const [row] = await t.database.db.select().from(riskSnapshots).where(eq(riskSnapshots.businessDate, day));
    expect(row.exposure).toEqual(live.exposure);
    expect(row.aging).toEqual(live.aging);
    expect(row.ratios).toEqual(live.ratios);

    // The date is claimed: run again (a day later, the book moved on), it answers the first run and writes nothing.
    const again = await atTime(new Date(`${addDays(day, 1)}T02:00:00Z`), () => runStep(t.database.db, snapshotStep, day));
    expect(again).toMatchObject({ skipped: true, riskAssets: first.riskAssets });
    const [still] = await t.database.db.select().from(riskSnapshots).where(eq(riskSnapshots.businessDate, day));
    expect(still.aging).toEqual(live.aging);
  });

  it('answers the month-end snapshots as trends, the demo history’s year of them included', async () => {
    const trends = okOf<TrendsAnswer>(await r.operator.get('/api/bpm/risk/trends'));
    const rows = await t.database.db.select().from(riskSnapshots);
    // The demo world's history recorded the last twelve month ends.
    const seeded = trends.points.filter((p) => p.date < chinaDate());
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    for (const p of seeded) expect(addDays(p.date, 1).slice(8)).toBe('01');
    expect(seeded.some((p) => p.riskAssets > 0)).toBe(true);
    expect(trends.points.map((p) => p.date)).toEqual([...trends.points.map((p) => p.date)].sort());
    // Each point is the last snapshot of its month, with that snapshot's figures.
    for (const p of trends.points) {
      const inMonth = rows.filter((x) => x.businessDate.slice(0, 7) === p.date.slice(0, 7)).map((x) => x.businessDate);
      expect(p.date).toBe(inMonth.sort().at(-1));
      const s = rows.find((x) => x.businessDate === p.date)!;
      const e = s.exposure as ExposureAnswer;
      const a = s.aging as AgingAnswer;
      const q = s.ratios as RatiosAnswer;
      expect(p.riskAssets).toBe(q.riskAssets);
      expect(p.buckets).toEqual(a.total.buckets);
      expect(p.byProduct.INVOICE).toBe(e.byProduct.find((x) => x.key === 'INVOICE')!.principal);
      expect(p.byProduct.CLOUD).toBe(e.bankBook.principal);
      expect(p.leveragePpm).toBe(q.checks.find((c) => c.key === 'LEVERAGE')!.value);
    }
    const mine = trends.points.find((p) => p.date.slice(0, 7) === day.slice(0, 7))!;
    if (mine.date === day)
      expect(mine.nonPerformingRatioPpm).toBe((rows.find((x) => x.businessDate === day)!.aging as AgingAnswer).nonPerformingRatioPpm);
    expect((await r.demo.get('/api/bpm/risk/trends')).statusCode).toBe(403);
  });
});
