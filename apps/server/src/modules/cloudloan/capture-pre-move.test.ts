// Run once at the commit before the move (issue 35): writes testdata/pre-move-world.json — the demo world's
// cloud loans grown by two more (one overdue with penalty running, one paid off) in the OLD tables, and every
// figure the OLD code reads from them at fixed dates. on-core-migration.test.ts loads those rows into a
// database at migration 0041, migrates it and compares what the new code reads. Removed after the capture.
import { addDays, addMonths, chinaDate, type IsoDate } from '@factoring/domain';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, it } from 'vitest';
import { cloudLoanApplications, users } from '../../db/schema/index.ts';
import { atTime } from '../../lib/clock.ts';
import { factorScope, type EnterpriseScope } from '../../lib/scope.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { chinaInstant } from '../../seed/timeline.ts';
import { cloudLoanDebitStep } from './jobs/daily-debit.ts';
import { cloudLoanProduct } from './lending-product.ts';
import { drawdown } from './operations/draw.ts';
import { payOff } from './operations/payoff.ts';
import { repayInstalment } from './operations/repay-instalment.ts';
import { listDrawdowns, drawdownDetail } from './queries/drawdowns.ts';
import { cloudLoanTotals } from './queries/totals.ts';
import { instalmentsOf, payoffQuote } from './servicing.ts';
import { lockDrawdown } from './store.ts';
import { deposit, drainTo } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('captures the pre-move cloud-loan world and its figures', async () => {
  const db = t.database.db;
  const banks = t.app.bankAdapters;
  const today = chinaDate();
  const [demo] = await db.select().from(users).where(eq(users.loginName, 'demo'));
  const [other] = await db.select().from(users).where(eq(users.loginName, 'gouxiao'));
  const enterpriseId = demo.enterpriseId!;
  const scope: EnterpriseScope = { kind: 'enterprise', enterpriseId, userId: demo.id, certified: true, warehouse: false };
  const me = { id: demo.id, name: demo.displayName, ip: '127.0.0.1' };
  const [app] = await db.select().from(cloudLoanApplications).where(eq(cloudLoanApplications.enterpriseId, enterpriseId));
  const at = (date: IsoDate, fn: () => Promise<unknown>) => atTime(chinaInstant(date, '10:00'), fn);
  const debit = (date: IsoDate) => at(date, () => runStep(db, cloudLoanDebitStep(banks), date));

  // A: ¥120,000.00 drawn 4 months and 3 days ago; instalment 1 debited, 2 short then paid 6 days late, 3 short (left unpaid).
  const a0 = addDays(addMonths(today, -4), -3);
  const a = (await at(a0, () => db.transaction((tx) => drawdown(tx, scope, app.id, 12_000_000, me, a0, banks)))) as { id: number };
  await debit(addMonths(a0, 1));
  let moved = await drainTo(t, enterpriseId, other.enterpriseId!, 100);
  await debit(addMonths(a0, 2));
  await deposit(t, enterpriseId, moved);
  await debit(addDays(addMonths(a0, 2), 6));
  moved = await drainTo(t, enterpriseId, other.enterpriseId!, 100);
  await debit(addMonths(a0, 3));
  await deposit(t, enterpriseId, moved);

  // B: ¥50,000.00 drawn 3 months and 10 days ago; instalment 1 debited, 2 repaid early, the rest paid off 5 days ago.
  const b0 = addDays(addMonths(today, -3), -10);
  const b = (await at(b0, () => db.transaction((tx) => drawdown(tx, scope, app.id, 5_000_000, me, b0, banks)))) as { id: number };
  await debit(addMonths(b0, 1));
  const early = addDays(addMonths(b0, 2), -4);
  await at(early, () =>
    db.transaction(async (tx) => {
      const d = await lockDrawdown(tx, scope, b.id);
      const plan = await instalmentsOf(tx, b.id);
      const second = plan.find((i) => i.period === 2)!;
      return repayInstalment(tx, banks, d, 2, second.payment, early, me);
    }),
  );
  const off = addDays(today, -5);
  await at(off, () =>
    db.transaction(async (tx) => {
      const d = await lockDrawdown(tx, scope, b.id);
      const q = payoffQuote(d, await instalmentsOf(tx, b.id), off);
      return payOff(tx, banks, d, q.total, off, me);
    }),
  );

  const rowsOf = async (query: string) =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: { r: unknown }[] }).rows.map((x) => x.r);
  const rows = {
    enterprises: await rowsOf(
      `select to_jsonb(e) as r from enterprises e where id in (select enterprise_id from cloud_loan_applications) order by id`,
    ),
    applications: await rowsOf(`select to_jsonb(x) as r from cloud_loan_applications x order by id`),
    drawdowns: await rowsOf(`select to_jsonb(x) as r from cloud_loan_drawdowns x order by id`),
    instalments: await rowsOf(`select to_jsonb(x) as r from cloud_loan_instalments x order by id`),
    repayments: await rowsOf(`select to_jsonb(x) as r from cloud_loan_repayments x order by id`),
    loanEvents: await rowsOf(`select to_jsonb(x) as r from loan_events x where product = 'CLOUD' order by id`),
  };

  const asOf = [today, addDays(today, 20), addMonths(today, 3)];
  const ids = (rows.drawdowns as { id: number }[]).map((d) => d.id);
  const operator = factorScope();
  const figures = [];
  for (const day of asOf) {
    figures.push({
      asOf: day,
      list: await listDrawdowns(db, scope, { page: 1, size: 50 }, day),
      details: await Promise.all(ids.map((id) => drawdownDetail(db, scope, id, day))),
      totals: await cloudLoanTotals(db, scope, day),
      allTotals: await cloudLoanTotals(db, operator, day),
      positions: await cloudLoanProduct(banks).positions(db, day),
      arrears: await cloudLoanProduct(banks).arrears.inArrears(db, enterpriseId, day),
    });
  }
  const dir = path.resolve('apps/server/src/modules/cloudloan/testdata');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'pre-move-world.json'),
    `${JSON.stringify({ capturedOn: today, drawdowns: { demo: ids[0], overdue: a.id, paidOff: b.id }, enterpriseId, rows, figures }, null, 1)}\n`,
  );
});
