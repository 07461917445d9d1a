// The cloud loan on the core (issue 35): the figures before and after the move are equal, to the cent.
//
// testdata/pre-move-world.json was written at the commit before the move (43781fd, by the then
// capture-pre-move.test.ts): the demo world's cloud loan and two more drawn by the old operations — one with an
// instalment paid 6 days late and one unpaid past its due date (penalty running), one with an instalment repaid
// early and the rest paid off — as rows of the OLD tables, and what the OLD code read from them at three dates:
// the drawdown list, each loan's detail (booked plan, what each instalment takes, penalties, repayments, the
// pay-off quote, totals, history), the enterprise's and the factor's totals, the loan book's positions and the
// arrears. Here a database is migrated to 0041 (the old tables), the rows are loaded into it as they were,
// the later migrations (0043 moves the data in place) run, and the NEW code reads the same answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { factorScope, type EnterpriseScope } from '../../lib/scope.ts';
import { freshTarget, migrateTo, readJournal } from '../backup/testing.ts';
import { builtInBanksOnly } from './adapters.ts';
import { cloudLoanProduct } from './lending-product.ts';
import { drawdownDetail, listDrawdowns } from './queries/drawdowns.ts';
import { cloudLoanTotals } from './queries/totals.ts';

type Row = Record<string, unknown>;
interface PreMoveWorld {
  capturedOn: string;
  enterpriseId: number;
  drawdowns: { demo: number; overdue: number; paidOff: number };
  rows: { enterprises: Row[]; applications: Row[]; drawdowns: Row[]; instalments: Row[]; repayments: Row[]; loanEvents: Row[] };
  figures: { asOf: string }[];
}
const world = JSON.parse(
  readFileSync(path.resolve('apps/server/src/modules/cloudloan/testdata/pre-move-world.json'), 'utf8'),
) as PreMoveWorld;

const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
/** As the answers travel (dates as ISO strings), the way the fixture holds them. */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

let target: Awaited<ReturnType<typeof freshTarget>>;
let database: Database;

beforeAll(async () => {
  target = await freshTarget();
  database = await openDatabase(target);
  const { entries } = readJournal();
  await migrateTo(database, entries.findIndex((e) => e.tag === '0041_credit_notes') + 1);
  // The old tables, loaded as the old code left them (foreign keys off: only the cloud loan's rows and its borrower).
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const tables: [string, Row[]][] = [
      ['enterprises', world.rows.enterprises],
      ['cloud_loan_applications', world.rows.applications],
      ['cloud_loan_drawdowns', world.rows.drawdowns],
      ['cloud_loan_instalments', world.rows.instalments],
      ['cloud_loan_repayments', world.rows.repayments],
      ['loan_events', world.rows.loanEvents],
    ];
    for (const [table, rows] of tables)
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
      );
  });
  await database.migrate();
}, 300_000);
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

describe('migration 0043 moves the cloud loan onto the core in place; the new code reads the old figures (issue 35)', () => {
  it('the world is the one captured: three loans, penalties running, one paid off', () => {
    expect(world.rows.drawdowns).toHaveLength(3);
    expect(world.rows.instalments).toHaveLength(36);
    expect(world.rows.repayments.map((r) => r.kind)).toEqual([
      'AUTO_DEBIT',
      'AUTO_DEBIT',
      'AUTO_DEBIT',
      'AUTO_DEBIT',
      'EARLY_INSTALMENT',
      'PAYOFF',
    ]);
    expect(world.figures.map((f) => f.asOf)).toEqual(['2026-11-30', '2026-12-20', '2027-02-28']);
  });

  it('the drawdowns keep their ids and take the one loan shape: number, amount, dates renamed; terms and the plan’s interest filled', async () => {
    const moved = rowsOf(
      await database.db.execute(sql`select id, financing_no, amount, apply_date::text, due_date::text, term_days, service_fee_rate_ppm,
             interest_mode, interest, service_fee, net_amount, outstanding_principal, status, updated_at >= created_at as stamped
             from cloud_loan_drawdowns order by id`),
    );
    const plans = (id: unknown) => world.rows.instalments.filter((i) => i.drawdown_id === id);
    expect(moved).toEqual(
      world.rows.drawdowns.map((d) => ({
        id: d.id,
        financing_no: d.drawdown_no,
        amount: d.principal,
        apply_date: d.start_date,
        due_date: d.maturity_date,
        term_days: Math.round((Date.parse(String(d.maturity_date)) - Date.parse(String(d.start_date))) / 86_400_000),
        service_fee_rate_ppm: 0,
        interest_mode: 'ARREARS',
        interest: plans(d.id).reduce((s, i) => s + Number(i.interest), 0),
        service_fee: 0,
        net_amount: d.principal,
        outstanding_principal: d.outstanding_principal,
        status: d.status,
        stamped: true,
      })),
    );
  });

  it('the instalments are in the core’s loan_instalments under line CLOUD with their ids; the old table is gone; ids continue', async () => {
    const moved = rowsOf(
      await database.db
        .execute(sql`select id, product, loan_id, enterprise_id, period, due_date::text, payment, principal, interest, remaining,
             status, overdue, penalty_to_date, penalty_as_of::text, paid_at::text from loan_instalments order by id`),
    );
    expect(moved).toEqual(
      world.rows.instalments.map(({ drawdown_id, ...i }) => ({ id: i.id, product: 'CLOUD', loan_id: drawdown_id, ...i })).map(asJson),
    );
    expect(rowsOf(await database.db.execute(sql`select to_regclass('cloud_loan_instalments') as t`))[0].t).toBeNull();
    const [{ next }] = rowsOf(
      await database.db.execute(sql`select nextval(pg_get_serial_sequence('loan_instalments', 'id'))::int as next`),
    );
    expect(next).toBe(Math.max(...world.rows.instalments.map((i) => Number(i.id))) + 1);
  });

  it('list, details (plan, penalties, what each instalment takes, repayments, quote, totals, history), totals, positions and arrears: equal on every date', async () => {
    const db = database.db;
    const scope: EnterpriseScope = { kind: 'enterprise', enterpriseId: world.enterpriseId, userId: 0, certified: true, warehouse: false };
    const ids = world.rows.drawdowns.map((d) => Number(d.id));
    const product = cloudLoanProduct(builtInBanksOnly());
    for (const before of world.figures) {
      const day = before.asOf as never;
      const after = {
        asOf: before.asOf,
        list: await listDrawdowns(db, scope, { page: 1, size: 50 }, day),
        details: await Promise.all(ids.map((id) => drawdownDetail(db, scope, id, day))),
        totals: await cloudLoanTotals(db, scope, day),
        allTotals: await cloudLoanTotals(db, factorScope(), day),
        positions: await product.positions(db, day),
        arrears: await product.arrears.inArrears(db, world.enterpriseId, day),
      };
      expect(asJson(after)).toEqual(before);
    }
  });
});
