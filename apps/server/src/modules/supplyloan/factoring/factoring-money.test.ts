import { addDays, chinaDate } from '@factoring/domain';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentNotices,
  enterprises,
  factoringCollections,
  financedAssets,
  journalEntries,
  journalLines,
  ledgerAccounts,
  platforms,
  receivableRegistrations,
} from '../../../db/schema/index.ts';
import { runStep } from '../../../jobs/close-of-business.ts';
import { atTime } from '../../../lib/clock.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { camt053 } from '../../bank-statement/testing.ts';
import { deposit, ledgerProblems, newKey } from '../../ledger/testing.ts';
import { approveTask, disbursedFinancing, okOf, pendingTask, refusal, roles, type Roles } from '../testing.ts';
import { factoringShortfallStep } from './shortfall-step.ts';

// Issue 36, factoring money (民法典 arts. 766–767): the debtor pays the factor's collection account (a bank-statement
// line matched by the debtor's name and the notice's reference), the collection settles the financing through the
// lending core and the surplus is rebated; a shortfall at maturity + grace is bought back (with recourse) or written
// off against the reserve (without); a payment that reached the supplier is forwarded. Every figure against a
// reference worked by hand from the demo platform's terms: 30 days → 6.5 % a year and a 0.3 % fee, interest in
// arrears (actual/360, half up, one day at least), penalty × 1.5; an advance of ¥80,000.00 on an invoice of ¥100,000.00.

const COLLECTION = '1001244319300088886';
const today = chinaDate();
const DUE = addDays(today, 30);
/** Grace 5 days: the close of business acts on the 6th day after maturity. */
const ACT_ON = addDays(DUE, 6);
const noon = (day: string) => new Date(`${day}T04:00:00Z`);

let t: TestApp;
let r: Roles;
let debtorName: string;
let serial = 0;

const statement = (entries: { amount: number; name: string; remark: string; ref?: string }[]) =>
  camt053({
    accountNo: COLLECTION,
    opening: 0,
    entries: entries.map((e) => ({
      ref: e.ref ?? `FM${today.replaceAll('-', '')}${String(++serial).padStart(4, '0')}`,
      date: today,
      time: `10:${String(serial % 60).padStart(2, '0')}:00`,
      direction: 'CREDIT' as const,
      amount: e.amount,
      name: e.name,
      account: '6228480012345678901',
      remark: e.remark,
    })),
  });

const importFile = (op: TestClient, bytes: Buffer) =>
  op.post(
    '/api/bpm/bank/statements/import',
    { formatCode: 'CAMT053', fileName: 'statement.xml', content: bytes.toString('base64'), idempotencyKey: newKey() },
    { json: true },
  );

/** The supplier's free and controlled funds: settling releases the controlled proceeds into the free part. */
const available = async (c: TestClient) => {
  const b = okOf<{ available: number; controlled: number }>(await c.get('/api/account/v2/queryAccountBalance'));
  return b.available + b.controlled;
};
const factorAccount = async (code: string) =>
  (await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.balance ??
  0;

type Collection = {
  state: string;
  receivable: number;
  owedToday: number;
  preview: Record<string, number | string> | null;
  collections: { kind: string; amount: number; principal: number; interest: number; penalty: number; rebate: number }[];
  settlement: Record<string, number>;
  recourse: boolean;
  collectBy: string;
};
const collectionOf = async (c: TestClient, id: number) => okOf<Collection>(await c.get(`/api/supplyloan/financings/${id}/collection`));
const statusOf = async (c: TestClient, id: number) => okOf<{ status: string }>(await c.get(`/api/supplyloan/financings/${id}`)).status;

/** An ¥80,000.00 advance for 30 days on a ¥100,000.00 invoice to 浙江远航, disbursed today. */
const advance = () => disbursedFinancing(t, r, { amount: 8_000_000, termDays: 30, invoiceAmount: 10_000_000 });

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  const [d] = await t.database.db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, r.buyerEnterpriseId));
  debtorName = d.name;
  // The supplier's account holds enough for a buy-back and a forwarded payment.
  await deposit(t, r.enterpriseId, 20_000_000);
});
afterAll(() => t?.close());

describe('factoring money (issue 36)', { timeout: 240_000 }, () => {
  it('the platform term says with or without recourse, and the grace', async () => {
    const list = okOf<{ id: number; recourse: boolean; collectionGraceDays: number }[]>(await r.demo.get('/api/supplyloan/platforms'));
    expect(list.find((p) => p.id === r.supplyPlatformId)).toMatchObject({ recourse: true, collectionGraceDays: 5 });
  });

  it('the debtor pays in full: the statement line is matched, the financing settles, the surplus is rebated — preview = booked', async () => {
    const f = await advance();
    const before = await collectionOf(r.demo, f.id);
    expect(before).toMatchObject({
      state: 'AWAITING',
      receivable: 10_000_000,
      owedToday: 8_001_444,
      recourse: true,
      collectBy: addDays(DUE, 5),
    });
    // Interest for the one day at least: 8,000,000 × 6.5 % / 360 = 1,444.44 → 1,444; the rest of ¥100,000.00 comes back.
    expect(before.preview).toMatchObject({
      owed: 8_001_444,
      repaid: 8_001_444,
      principal: 8_000_000,
      interest: 1_444,
      penalty: 0,
      rebate: 1_998_556,
      shortfall: 0,
    });
    const supplierBefore = await available(r.demo);
    const bankBefore = await factorAccount('BANK_CASH');

    const file = statement([{ amount: 10_000_000, name: debtorName, remark: `货款 应收账款转让通知书 ZR${f.financingNo}` }]);
    const imported = okOf<{ matched: number; unmatched: number; alreadyImported: boolean }>(await importFile(r.operator, file));
    expect(imported).toMatchObject({ matched: 1, unmatched: 0, alreadyImported: false });

    expect(await statusOf(r.demo, f.id)).toBe('SETTLED');
    const after = await collectionOf(r.demo, f.id);
    expect(after.state).toBe('COLLECTED');
    expect(after.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: 10_000_000, principal: 8_000_000, interest: 1_444, penalty: 0, rebate: 1_998_556 }),
    ]);
    // Settlement = collected − advanced − interest − fees − penalty = 10,000,000 − 7,976,000 − 1,444 − 24,000 − 0.
    expect(after.settlement).toEqual({
      collected: 10_000_000,
      advanced: 7_976_000,
      interest: 1_444,
      fees: 24_000,
      penalty: 0,
      rebate: 1_998_556,
      writtenOff: 0,
    });
    expect((await available(r.demo)) - supplierBefore).toBe(1_998_556);
    expect((await factorAccount('BANK_CASH')) - bankBefore).toBe(10_000_000);
    // Settled: the receivable is settled, the release notice drawn up, the registration due to cancel (the settlement's hooks).
    const [asset] = await t.database.db
      .select()
      .from(financedAssets)
      .where(and(eq(financedAssets.product, 'INVOICE'), eq(financedAssets.financingId, f.id)));
    expect(asset.status).toBe('SETTLED');
    const [release] = await t.database.db
      .select({ n: count() })
      .from(assignmentNotices)
      .where(and(eq(assignmentNotices.financingId, f.id), eq(assignmentNotices.kind, 'RELEASE')));
    expect(Number(release.n)).toBe(1);
    const [registration] = await t.database.db.select().from(receivableRegistrations).where(eq(receivableRegistrations.financingId, f.id));
    expect(registration.cancelDueOn).toBe(today);

    // The same file again, and a later statement repeating the line: nothing is booked twice.
    const again = okOf<{ alreadyImported: boolean }>(await importFile(r.operator, file));
    expect(again.alreadyImported).toBe(true);
    const [rows] = await t.database.db.select({ n: count() }).from(factoringCollections).where(eq(factoringCollections.financingId, f.id));
    expect(Number(rows.n)).toBe(1);
    expect((await available(r.demo)) - supplierBefore).toBe(1_998_556);
    expect((await factorAccount('BANK_CASH')) - bankBefore).toBe(10_000_000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the debtor pays short on a platform with recourse: at maturity + grace the supplier buys back the rest', async () => {
    const f = await advance();
    okOf(await importFile(r.operator, statement([{ amount: 5_000_000, name: debtorName, remark: `RZ 付款 ${f.financingNo}` }])));
    // 5,000,000: interest 1,444, principal 4,998,556; 3,001,444 of principal left.
    const partly = await collectionOf(r.demo, f.id);
    expect(partly.state).toBe('PARTLY_COLLECTED');
    expect(partly.collections).toEqual([
      expect.objectContaining({ kind: 'DEBTOR', amount: 5_000_000, principal: 4_998_556, interest: 1_444, rebate: 0 }),
    ]);
    expect(await statusOf(r.demo, f.id)).toBe('REPAYING');

    // Within the grace nothing happens; the day after it a 回购 task opens.
    await atTime(noon(addDays(DUE, 5)), () => runStep(t.database.db, factoringShortfallStep, addDays(DUE, 5)));
    await expect(pendingTask(r.operator, 'FACTORING_BUYBACK', f.id)).rejects.toThrow();
    await atTime(noon(ACT_ON), () => runStep(t.database.db, factoringShortfallStep, ACT_ON));
    const supplierBefore = await available(r.demo);
    await atTime(noon(ACT_ON), async () => {
      const operator = await t.loginAs('operator');
      const desk = okOf<{ shortfalls: { financingId: number; state: string; owedToday: number; buybackTaskId: number | null }[] }>(
        await operator.get('/api/supplyloan/factoring/desk'),
      );
      // Owed on the 36th day: 3,001,444 + interest 29 days (3,001,444 × 6.5 % × 29 / 360 = 15,715.89 → 15,716)
      // + penalty 6 days (3,001,444 × 6.5 % × 1.5 × 6 / 360 = 4,877.35 → 4,877) = 3,022,037.
      expect(desk.shortfalls.find((s) => s.financingId === f.id)).toMatchObject({
        state: 'BUYBACK_DUE',
        owedToday: 3_022_037,
        buybackTaskId: expect.any(Number),
      });
      okOf(await approveTask(operator, 'FACTORING_BUYBACK', f.id, '回购'));
    });
    // Logging in again ended the sessions the roles held.
    r = await roles(t);
    expect(await statusOf(r.demo, f.id)).toBe('SETTLED');
    expect(supplierBefore - (await available(r.demo))).toBe(3_022_037);
    const done = await collectionOf(r.demo, f.id);
    expect(done.state).toBe('BOUGHT_BACK');
    expect(done.collections[1]).toMatchObject({
      kind: 'BUYBACK',
      amount: 3_022_037,
      principal: 3_001_444,
      interest: 15_716,
      penalty: 4_877,
      rebate: 0,
    });
    // 8,022,037 − 7,976,000 − (1,444 + 15,716) − 24,000 − 4,877 = 0: nothing to rebate.
    expect(done.settlement).toEqual({
      collected: 8_022_037,
      advanced: 7_976_000,
      interest: 17_160,
      fees: 24_000,
      penalty: 4_877,
      rebate: 0,
      writtenOff: 0,
    });
    // Bought back: the release notice and the registration due to cancel, through the settlement's hooks.
    const [release] = await t.database.db
      .select({ n: count() })
      .from(assignmentNotices)
      .where(and(eq(assignmentNotices.financingId, f.id), eq(assignmentNotices.kind, 'RELEASE')));
    expect(Number(release.n)).toBe(1);
    const [registration] = await t.database.db.select().from(receivableRegistrations).where(eq(receivableRegistrations.financingId, f.id));
    expect(registration.cancelDueOn).toBe(ACT_ON);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('without recourse the shortfall is written off against the reserve, the supplier owing nothing more', async () => {
    const f = await advance();
    await t.database.db.update(platforms).set({ recourse: false }).where(eq(platforms.id, r.supplyPlatformId));
    try {
      okOf(await importFile(r.operator, statement([{ amount: 2_000_000, name: debtorName, remark: `ZR${f.financingNo}` }])));
      const supplierBefore = await available(r.demo);
      const receivableBefore = await factorAccount('RECEIVABLE_PRINCIPAL');
      // The next day's close of business (ACT_ON's ran already): interest still to the due date, penalty 7 days.
      await atTime(noon(addDays(ACT_ON, 1)), () => runStep(t.database.db, factoringShortfallStep, addDays(ACT_ON, 1)));
      expect(await statusOf(r.demo, f.id)).toBe('SETTLED');
      const done = await collectionOf(r.demo, f.id);
      expect(done.state).toBe('WRITTEN_OFF');
      // Left after 2,000,000 (interest 1,444, principal 1,998,556): principal 6,001,444; interest 29 days
      // (6,001,444 × 6.5 % × 29 / 360 = 31,424.23 → 31,424) and penalty 7 days (× 1.5: 11,377.74 → 11,378), forgone.
      expect(done.collections[1]).toMatchObject({
        kind: 'WRITE_OFF',
        amount: 6_044_246,
        principal: 6_001_444,
        interest: 31_424,
        penalty: 11_378,
      });
      // 2,000,000 − 7,976,000 − 1,444 − 24,000 = −6,001,444: what was written off.
      expect(done.settlement).toEqual({
        collected: 2_000_000,
        advanced: 7_976_000,
        interest: 1_444,
        fees: 24_000,
        penalty: 0,
        rebate: 0,
        writtenOff: 6_001_444,
      });
      expect(await available(r.demo)).toBe(supplierBefore);
      const entry = await t.database.db
        .select({ code: ledgerAccounts.code, side: journalLines.side, amount: journalLines.amount })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
        .where(and(eq(journalEntries.kind, 'WRITE_OFF'), like(journalEntries.memo, `${f.financingNo}%`)));
      expect(entry.sort((a, b) => a.side.localeCompare(b.side))).toEqual([
        { code: 'RECEIVABLE_PRINCIPAL', side: 'C', amount: 6_001_444 },
        { code: 'RISK_RESERVE', side: 'D', amount: 6_001_444 },
      ]);
      expect(receivableBefore - (await factorAccount('RECEIVABLE_PRINCIPAL'))).toBeGreaterThanOrEqual(6_001_444);
      expect(await ledgerProblems(t.database.db)).toEqual([]);
    } finally {
      await t.database.db.update(platforms).set({ recourse: true }).where(eq(platforms.id, r.supplyPlatformId));
    }
  });

  it('a debtor payment that reached the supplier is forwarded from its account, on a second operator’s word', async () => {
    const f = await advance();
    const body = { amount: 10_000_000, payerName: debtorName, receivedOn: today, note: '债务人误付至供应商账户', idempotencyKey: newKey() };
    // Only operators record it; a bad amount is a 400.
    expect((await r.demo.post(`/api/supplyloan/financings/${f.id}/misdirected-payments`, body, { json: true })).statusCode).toBe(403);
    expect(
      (
        await r.operator.post(
          `/api/supplyloan/financings/${f.id}/misdirected-payments`,
          { ...body, amount: -1, idempotencyKey: newKey() },
          { json: true },
        )
      ).statusCode,
    ).toBe(400);
    const recorded = okOf<{ taskId: number; owed: number; forward: number }>(
      await r.operator.post(`/api/supplyloan/financings/${f.id}/misdirected-payments`, body, { json: true }),
    );
    expect(recorded).toMatchObject({ owed: 8_001_444, forward: 8_001_444 });
    const supplierBefore = await available(r.demo);
    // Four eyes: whoever recorded it does not approve it.
    expect(refusal(await r.operator.post(`/api/bpm/tasks/${recorded.taskId}/approve`, { comment: '转付' }))).toMatch(/./);
    okOf(await approveTask(r.checker, 'FACTORING_MISDIRECTED', f.id, '转付'));
    expect(await statusOf(r.demo, f.id)).toBe('SETTLED');
    expect(supplierBefore - (await available(r.demo))).toBe(8_001_444);
    const done = await collectionOf(r.demo, f.id);
    expect(done.state).toBe('COLLECTED');
    expect(done.collections).toEqual([
      expect.objectContaining({ kind: 'MISDIRECTED', amount: 8_001_444, principal: 8_000_000, interest: 1_444, penalty: 0, rebate: 0 }),
    ]);
    expect(done.settlement).toMatchObject({ collected: 8_001_444, advanced: 7_976_000, interest: 1_444, fees: 24_000, rebate: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the debtor sees what it owes and to whom; the supplier and another enterprise see only their own', async () => {
    const f = await advance();
    const debtor = await t.loginAs('gouxiao');
    const owed = okOf<{ financingId: number; receivable: number; paid: number; stillToPay: number; payTo: string; reference: string }[]>(
      await debtor.get('/api/supplyloan/factoring/owed'),
    );
    expect(owed.find((o) => o.financingId === f.id)).toMatchObject({
      receivable: 10_000_000,
      paid: 0,
      stillToPay: 10_000_000,
      reference: `ZR${f.financingNo}`,
      payTo: expect.stringContaining('收款账户'),
    });
    expect(
      okOf<unknown[]>(await r.demo.get('/api/supplyloan/factoring/owed')).find((o) => (o as { financingId: number }).financingId === f.id),
    ).toBeUndefined();
    expect((await debtor.get(`/api/supplyloan/financings/${f.id}/collection`)).statusCode).toBe(404);
    expect((await r.demo.get('/api/supplyloan/factoring/desk')).statusCode).toBe(403);
  });
});
