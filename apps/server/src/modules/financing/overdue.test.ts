import { addDays } from '@factoring/domain';
import type { CloudLoanEligibility } from '@factoring/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTime } from '../../lib/clock.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { disbursedFinancing as disbursedPledge, pledgeWorld, stockIn, type PledgeWorld } from '../pledge/testing.ts';
import { disbursedFinancing, okOf, roles, type Roles } from '../supplyloan/testing.ts';

// Issue 33, on PGlite and PostgreSQL: the overdue flag of every lending product is computed from the
// dates on China today (the lending core's one rule), like the penalty — the clock is moved past a due
// date and the close of business is NOT run — and the cloud loan's arrears rule reads every product's
// arrears through the lending core's port: an overdue goods pledge refuses the cloud loan, in Chinese.

let t: TestApp;
let r: Roles;
let w: PledgeWorld;
let supply: { id: number; dueDate: string };
let pledgeId: number;
let pledgeDue: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  r = await roles(t);
  Object.assign(w, { demo: r.demo, op: r.operator, checker: r.checker });
  supply = await disbursedFinancing(t, r, { amount: 1_000_000, termDays: 30 });
  const positionId = await stockIn(w, w.enterpriseId, 'OVERDUE-1', '100.000');
  pledgeId = await disbursedPledge(w, positionId, '100.000', 25_000_000, 30);
  pledgeDue = okOf<{ dueDate: string }>(await r.demo.get(`/api/pledge/financings/${pledgeId}`)).dueDate;
}, 300_000);
afterAll(async () => t?.close());

/** Runs `fn` as the demo user on `day` (China noon), logged in that day: no close of business runs. */
const asDemoOn = <T>(day: string, fn: (demo: TestClient) => Promise<T>) =>
  atTime(new Date(`${day}T04:00:00Z`), async () => fn(await t.loginAs('demo')));

interface SupplyRead {
  listed: boolean;
  detail: boolean;
  tranche: boolean;
  quoted: boolean;
  quoteTranche: boolean;
  penalty: number;
  overdueFilter: boolean;
}

async function supplyRead(demo: TestClient): Promise<SupplyRead> {
  const list = okOf<{ items: { id: number; overdue: boolean }[] }>(await demo.get('/api/supplyloan/financings', { page: 1, size: 100 }));
  const filtered = okOf<{ items: { id: number }[] }>(await demo.get('/api/supplyloan/financings', { page: 1, size: 100, overdue: 'true' }));
  const detail = okOf<{ overdue: boolean; schedule: { overdue: boolean }[] }>(await demo.get(`/api/supplyloan/financings/${supply.id}`));
  const q = okOf<{ financing: { overdue: boolean }; quote: { penalty: number; tranches: { overdue: boolean }[] } }>(
    await demo.get(`/api/supplyloan/financings/${supply.id}/quote`),
  );
  return {
    listed: list.items.find((f) => f.id === supply.id)!.overdue,
    detail: detail.overdue,
    tranche: detail.schedule[0].overdue,
    quoted: q.financing.overdue,
    quoteTranche: q.quote.tranches[0].overdue,
    penalty: q.quote.penalty,
    overdueFilter: filtered.items.some((f) => f.id === supply.id),
  };
}

describe('the overdue flag follows the dates, like the penalty', () => {
  it('supply loan: not overdue on its due date, overdue the day after with its penalty, in every read', async () => {
    const onDue = await asDemoOn(supply.dueDate, supplyRead);
    expect(onDue).toEqual({
      listed: false,
      detail: false,
      tranche: false,
      quoted: false,
      quoteTranche: false,
      penalty: 0,
      overdueFilter: false,
    });
    const after = await asDemoOn(addDays(supply.dueDate, 1), supplyRead);
    expect(after.penalty).toBeGreaterThan(0);
    expect(after).toEqual({
      listed: true,
      detail: true,
      tranche: true,
      quoted: true,
      quoteTranche: true,
      penalty: after.penalty,
      overdueFilter: true,
    });
  });

  it('goods pledge: overdue with its penalty the day after its due date', async () => {
    const read = (day: string) =>
      asDemoOn(day, async (demo) => okOf<{ overdue: boolean; penaltyOwed: number }>(await demo.get(`/api/pledge/financings/${pledgeId}`)));
    expect(await read(pledgeDue)).toMatchObject({ overdue: false, penaltyOwed: 0 });
    const after = await read(addDays(pledgeDue, 1));
    expect(after.overdue).toBe(true);
    expect(after.penaltyOwed).toBeGreaterThan(0);
  });

  it('cloud loan: the loan, its instalment and the totals are overdue with the penalty the day after an instalment falls due', async () => {
    // One session per user: the reads of the moved days logged the demo user in again.
    const demo = await t.loginAs('demo');
    const loans = okOf<{ items: { id: number; overdue: boolean; nextDueDate: string | null }[] }>(
      await demo.get('/api/cloudloan/drawdowns', { page: 1, size: 50 }),
    );
    const loan = loans.items.find((l) => l.nextDueDate !== null)!;
    expect(loan).toBeDefined();
    const due = loan.nextDueDate!;
    const read = (day: string) =>
      asDemoOn(day, async (demo) => {
        const d = okOf<{ overdue: boolean; instalments: { dueDate: string; overdue: boolean; penalty: number }[] }>(
          await demo.get(`/api/cloudloan/drawdowns/${loan.id}`),
        );
        const listed = okOf<{ items: { id: number; overdue: boolean }[] }>(
          await demo.get('/api/cloudloan/drawdowns', { page: 1, size: 50 }),
        );
        const totals = okOf<{ overdueCount: number }>(await demo.get('/api/cloudloan/totals'));
        const i = d.instalments.find((x) => x.dueDate === due)!;
        return {
          detail: d.overdue,
          listed: listed.items.find((x) => x.id === loan.id)!.overdue,
          instalment: i.overdue,
          penalty: i.penalty,
          counted: totals.overdueCount,
        };
      });
    expect(await read(due)).toMatchObject({ detail: false, listed: false, instalment: false, penalty: 0 });
    const after = await read(addDays(due, 1));
    expect(after).toMatchObject({ detail: true, listed: true, instalment: true });
    expect(after.penalty).toBeGreaterThan(0);
    expect(after.counted).toBeGreaterThanOrEqual(1);
  });
});

describe("the cloud loan's arrears rule reads every lending product", () => {
  it('refuses an enterprise with an overdue goods pledge, naming it in Chinese', async () => {
    const eligibility = (day: string) =>
      asDemoOn(day, async (demo) => okOf<CloudLoanEligibility>(await demo.get('/api/cloudloan/eligibility')));
    // On the pledge's due date it is not in arrears on the pledge.
    expect((await eligibility(pledgeDue)).reason ?? '').not.toContain('货押融资');
    const late = await eligibility(addDays(pledgeDue, 1));
    expect(late).toMatchObject({ allowed: false, code: 'IN_ARREARS' });
    expect(late.reason).toContain('货押融资');
    expect(late.reason).toMatch(/^企业有逾期未还的.*，结清逾期款项后方可申请银行云贷$/);
  });
});
