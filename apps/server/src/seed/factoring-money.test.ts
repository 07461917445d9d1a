import { addDays, chinaDate, daysBetween } from '@factoring/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentNotices, bpmTasks, financedAssets, financings, journalEntries, receivableRegistrations } from '../db/schema/index.ts';
import { checkLedger } from '../modules/ledger/index.ts';
import { okOf } from '../modules/supplyloan/testing.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/harness.ts';
import { FACTORING_DEMO } from './factoring-money.ts';

// The demo world's factoring money (issue 36): three of 江苏安储's storage invoices to 浙江远航 financed two to three
// months ago on the 远航 platform (30 days: 6.5 % a year in arrears, 0.3 % fee, penalty × 1.5, with recourse, grace
// 5 days), each paid by the debtor at maturity. Every figure against a reference worked by hand.

let t: TestApp;
let supplier: TestClient;
const today = chinaDate();

type Collection = {
  state: string;
  stateLabel?: string;
  collections: {
    kind: string;
    amount: number;
    principal: number;
    interest: number;
    penalty: number;
    rebate: number;
    collectedOn: string;
  }[];
  settlement: Record<string, number>;
};

const financingOf = async (invoiceNumber: string) => {
  const [row] = await t.database.db
    .select({ f: financings })
    .from(financedAssets)
    .innerJoin(financings, eq(financings.id, financedAssets.financingId))
    .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.invoiceNumber, invoiceNumber)));
  expect(row, `the financing of ${invoiceNumber}`).toBeDefined();
  return row.f;
};
const collectionOf = async (id: number) => okOf<Collection>(await supplier.get(`/api/supplyloan/financings/${id}/collection`));

beforeAll(async () => {
  t = await createTestApp();
  supplier = await t.loginAs('cangchu');
});
afterAll(() => t?.close());

describe('the demo world: factoring money (issue 36)', { timeout: 120_000 }, () => {
  it('80000501: collected in full at maturity, the surplus rebated, the receivable released and its registration cancelled', async () => {
    const f = await financingOf(FACTORING_DEMO.collected.invoiceNumber);
    expect(f.status).toBe('SETTLED');
    expect(daysBetween(f.dueDate!, today)).toBeGreaterThan(30);
    const c = await collectionOf(f.id);
    expect(c.state).toBe('COLLECTED');
    // ¥120,000.00 for 30 days: interest 12,000,000 × 6.5 % × 30 / 360 = 65,000; fee 0.3 % = 36,000.
    // 浙江远航 paid the invoice's ¥150,000.00: 12,065,000 repaid, 2,935,000 rebated.
    expect(c.collections).toEqual([
      expect.objectContaining({
        kind: 'DEBTOR',
        amount: 15_000_000,
        principal: 12_000_000,
        interest: 65_000,
        penalty: 0,
        rebate: 2_935_000,
        collectedOn: f.dueDate!,
      }),
    ]);
    expect(c.settlement).toEqual({
      collected: 15_000_000,
      advanced: 11_964_000,
      interest: 65_000,
      fees: 36_000,
      penalty: 0,
      rebate: 2_935_000,
      writtenOff: 0,
    });
    const [release] = await t.database.db
      .select()
      .from(assignmentNotices)
      .where(and(eq(assignmentNotices.financingId, f.id), eq(assignmentNotices.kind, 'RELEASE')));
    expect(release?.status).toBe('SENT');
    const [registration] = await t.database.db.select().from(receivableRegistrations).where(eq(receivableRegistrations.financingId, f.id));
    expect(registration.status).toBe('CANCELLED');
  });

  it('80000502: paid short at maturity; after the grace the close of business opened a 回购 task, still waiting', async () => {
    const f = await financingOf(FACTORING_DEMO.buybackDue.invoiceNumber);
    expect(f.status).toBe('REPAYING');
    const c = await collectionOf(f.id);
    expect(c.state).toBe('BUYBACK_DUE');
    // ¥50,000.00 of the ¥100,000.00 invoice: interest 8,000,000 × 6.5 % × 30 / 360 = 43,333.33 → 43,333 first.
    expect(c.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: 5_000_000, principal: 4_956_667, interest: 43_333, penalty: 0, rebate: 0 }),
    ]);
    const tasks = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'FACTORING_BUYBACK'), eq(bpmTasks.refId, String(f.id))));
    expect(tasks.map((x) => x.state)).toEqual(['PENDING']);
    // Opened by the close of business of maturity + grace 5 + 1 for what was owed then: 3,043,333 of principal and
    // 6 days' penalty (3,043,333 × 6.5 % × 1.5 × 6 / 360 = 4,945.42 → 4,945).
    expect(tasks[0].data).toMatchObject({ openedOn: addDays(f.dueDate!, 6), owed: 3_043_333 + 4_945 });
  });

  it('80000503: paid short, the 回购 approved the day after it opened — 江苏安储 bought back the rest', async () => {
    const f = await financingOf(FACTORING_DEMO.boughtBack.invoiceNumber);
    expect(f.status).toBe('SETTLED');
    const c = await collectionOf(f.id);
    expect(c.state).toBe('BOUGHT_BACK');
    // ¥40,000.00 from 浙江远航: interest 7,200,000 × 6.5 % × 30 / 360 = 39,000, principal 3,961,000; 3,239,000 left,
    // bought back 7 days after maturity with 7 days' penalty: 3,239,000 × 6.5 % × 1.5 × 7 / 360 = 6,140.60 → 6,141.
    expect(c.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: 4_000_000, principal: 3_961_000, interest: 39_000, penalty: 0, rebate: 0 }),
      expect.objectContaining({
        kind: 'BUYBACK',
        amount: 3_245_141,
        principal: 3_239_000,
        interest: 0,
        penalty: 6_141,
        collectedOn: addDays(f.dueDate!, 7),
      }),
    ]);
    // 7,245,141 − 7,178,400 − 39,000 − 21,600 − 6,141 = 0.
    expect(c.settlement).toEqual({
      collected: 7_245_141,
      advanced: 7_178_400,
      interest: 39_000,
      fees: 21_600,
      penalty: 6_141,
      rebate: 0,
      writtenOff: 0,
    });
  });

  it('80000504, without recourse: paid short, and after the grace the factor wrote the rest off — the supplier owes nothing', async () => {
    const f = await financingOf(FACTORING_DEMO.writtenOff.invoiceNumber);
    expect(f.status).toBe('SETTLED');
    const c = await collectionOf(f.id);
    expect(c.state).toBe('WRITTEN_OFF');
    expect(c.stateLabel).toBe('已核销（无追索权）');
    // ¥20,000.00 of the ¥60,000.00 invoice on ¥48,000.00: interest 4,800,000 × 6.5 % × 30 / 360 = 26,000 first,
    // principal 1,974,000, so 2,826,000 left. Written off by the close of business of maturity + grace 5 + 1, with
    // 6 days' penalty forgone: 2,826,000 × 6.5 % × 1.5 × 6 / 360 = 4,592.25 → 4,592.
    expect(c.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: 2_000_000, principal: 1_974_000, interest: 26_000, penalty: 0, rebate: 0 }),
      expect.objectContaining({
        kind: 'WRITE_OFF',
        amount: 2_826_000 + 4_592,
        principal: 2_826_000,
        interest: 0,
        penalty: 4_592,
        collectedOn: addDays(f.dueDate!, 6),
      }),
    ]);
    // Fee 0.3 % = 14,400, so 4,785,600 advanced; nothing rebated, the principal written off.
    expect(c.settlement).toEqual({
      collected: 2_000_000,
      advanced: 4_785_600,
      interest: 26_000,
      fees: 14_400,
      penalty: 0,
      rebate: 0,
      writtenOff: 2_826_000,
    });
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'WRITE_OFF'), like(journalEntries.memo, `${f.financingNo}%`)));
    expect(entry, 'the write-off against the reserve').toBeDefined();
    // No buy-back asked of the supplier; the receivable stays the factor's, still registered.
    const tasks = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'FACTORING_BUYBACK'), eq(bpmTasks.refId, String(f.id))));
    expect(tasks).toEqual([]);
    const [registration] = await t.database.db.select().from(receivableRegistrations).where(eq(receivableRegistrations.financingId, f.id));
    expect(registration.status).not.toBe('CANCELLED');
  });

  it('the ledger balances', async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
