import { addDays, chinaDate } from '@factoring/domain';
import {
  AGING_BUCKETS,
  type AgingAnswer,
  type BookReserveAnswer,
  type RatiosAnswer,
  type RiskLimitsAnswer,
} from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, journalLines, ledgerAccounts } from '../../db/schema/index.ts';
import { atTime } from '../../lib/clock.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { entryIdOfRef } from '../ledger/index.ts';
import { ledgerFingerprint, ledgerProblems } from '../ledger/testing.ts';
import { deposit, disbursedFinancing, factorBalance, newKey, okOf, refusal, roles, type Roles } from '../supplyloan/testing.ts';

// Issue 27, the risk reserve booked, on PGlite and PostgreSQL: the reserve required is 1 % of the factoring
// balance plus each aging bucket's specific rate (recomputed here from the aging rows and the limits);
// booking posts exactly the difference from what is booked, balanced, once; a second booking the same day
// posts nothing; an amount the book no longer requires is refused and changes nothing; a book that shrank
// is released (转回); operators only, the body validated.

let t: TestApp;
let r: Roles;
let loan: { id: number; dueDate: string };

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  loan = await disbursedFinancing(t, r, { amount: 2_000_000, termDays: 30 });
}, 300_000);
afterAll(async () => t?.close());

const RESERVE = '/api/bpm/risk/reserve';
const book = (expectedRequired: unknown, key = newKey()) =>
  r.operator.post(RESERVE, { expectedRequired, idempotencyKey: key }, { json: true });
const agingNow = async () => okOf<AgingAnswer>(await r.operator.get('/api/bpm/risk/aging'));
const reserveAudits = () => t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.entityType, 'RISK_RESERVE'));

/** The reserve as the issue states it, from an aging answer's rows and the configured rates. */
const expectedOf = (a: AgingAnswer, rates: Record<string, number>) =>
  Math.ceil((a.total.total * 10_000) / 1_000_000) +
  AGING_BUCKETS.reduce((s, b) => s + Math.ceil((a.total.buckets[b] * rates[b]) / 1_000_000), 0);

/** The lines of a posted entry, by account code. */
async function linesOf(refNo: string) {
  return t.database.db
    .select({ code: ledgerAccounts.code, side: journalLines.side, amount: journalLines.amount })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.entryId, entryIdOfRef(refNo)!)));
}

describe('risk reserve: required', () => {
  it('is 1 % of the factoring balance plus each bucket at its rate, the same on aging and ratios', async () => {
    const { limits } = okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits'));
    expect(limits.reserveRatesPpm).toEqual({ CURRENT: 0, D1_30: 20_000, D31_60: 50_000, D61_90: 250_000, D90_PLUS: 500_000 });
    const a = await agingNow();
    expect(a.requiredReserve).toBe(expectedOf(a, limits.reserveRatesPpm));
    expect(a.generalReserve).toBe(Math.ceil(a.factoringBalance / 100));
    expect(a.reserveByBucket.map((l) => [l.bucket, l.principal, l.ratePpm])).toEqual(
      AGING_BUCKETS.map((b) => [b, a.total.buckets[b], limits.reserveRatesPpm[b]]),
    );
    expect(okOf<RatiosAnswer>(await r.operator.get('/api/bpm/risk/ratios')).requiredReserve).toBe(a.requiredReserve);
  });

  it('grows with the days past due: 45 days late, the loan is 31–60 and carries 5 % more', async () => {
    const day = addDays(loan.dueDate, 45);
    const late = await atTime(new Date(`${day}T04:00:00Z`), async () =>
      okOf<AgingAnswer>(await (await t.loginAs('fuhe')).get('/api/bpm/risk/aging')),
    );
    const { limits } = okOf<RiskLimitsAnswer>(await r.operator.get('/api/bpm/risk/limits'));
    expect(late.asOf).toBe(day);
    expect(late.total.buckets.D31_60).toBeGreaterThanOrEqual(2_000_000);
    const line = late.reserveByBucket.find((l) => l.bucket === 'D31_60')!;
    expect(line.reserve).toBe(Math.ceil((line.principal * 50_000) / 1_000_000));
    expect(late.requiredReserve).toBe(expectedOf(late, limits.reserveRatesPpm));
    expect(late.requiredReserve).toBeGreaterThan(late.generalReserve);
  });
});

describe('risk reserve: booked', () => {
  it('posts exactly the difference, balanced and audited; a replay and a second booking post nothing', async () => {
    const a = await agingNow();
    const before = await factorBalance(t, 'RISK_RESERVE');
    expect(a.bookedReserve).toBe(before);
    const expenseBefore = await factorBalance(t, 'PROVISION_EXPENSE');
    const key = newKey();
    const res = await book(a.requiredReserve, key);
    const done = okOf<BookReserveAnswer>(res);
    expect(done).toMatchObject({
      asOf: chinaDate(),
      requiredReserve: a.requiredReserve,
      bookedBefore: before,
      bookedAfter: a.requiredReserve,
    });
    expect(done.delta).toBe(a.requiredReserve - before);
    expect(done.delta).toBeGreaterThan(0);
    expect(done.words).toContain('已计提风险准备金');

    const lines = await linesOf(done.refNo!);
    expect(lines.map((l) => [l.code, l.side, l.amount]).sort()).toEqual([
      ['PROVISION_EXPENSE', 'D', done.delta],
      ['RISK_RESERVE', 'C', done.delta],
    ]);
    expect(await factorBalance(t, 'RISK_RESERVE')).toBe(a.requiredReserve);
    expect(await factorBalance(t, 'PROVISION_EXPENSE')).toBe(expenseBefore + done.delta);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    const audits = await reserveAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'UPDATE', entityId: done.refNo, before: { bookedReserve: before } });
    expect(audits[0].after).toMatchObject({ bookedReserve: a.requiredReserve, delta: done.delta });

    // The same key again: the first answer, nothing posted.
    const fingerprint = await ledgerFingerprint(t.database.db);
    const replay = (await book(a.requiredReserve, key)).json();
    expect(replay.status).toBe('WARN');
    expect(replay.message).toEqual(done);
    // A second booking the same day: nothing to post, and the answer says so.
    const again = okOf<BookReserveAnswer>(await book(a.requiredReserve));
    expect(again).toMatchObject({ delta: 0, refNo: null, bookedBefore: a.requiredReserve, bookedAfter: a.requiredReserve });
    expect(again.words).toContain('无需调整');
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(await reserveAudits()).toHaveLength(1);
    expect((await agingNow()).bookedReserve).toBe(a.requiredReserve);
  });

  it('refuses an amount the book no longer requires, with the figures, and changes nothing', async () => {
    const a = await agingNow();
    const fingerprint = await ledgerFingerprint(t.database.db);
    const words = refusal(await book(a.requiredReserve + 100));
    expect(words).toContain('已变为');
    expect(words).toContain('页面显示');
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(await reserveAudits()).toHaveLength(1);
  });

  it('releases the surplus (转回) when the book shrank', async () => {
    const before = await factorBalance(t, 'RISK_RESERVE');
    await deposit(t, r.enterpriseId, 1_500_000);
    okOf(
      await r.demo.post(
        `/api/supplyloan/financings/${loan.id}/repay`,
        { amount: 1_000_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    const a = await agingNow();
    expect(a.requiredReserve).toBeLessThan(before);
    expect(a.bookedReserve).toBe(before);
    const done = okOf<BookReserveAnswer>(await book(a.requiredReserve));
    expect(done.delta).toBe(a.requiredReserve - before);
    expect(done.words).toContain('转回');
    const lines = await linesOf(done.refNo!);
    expect(lines.map((l) => [l.code, l.side, l.amount]).sort()).toEqual([
      ['PROVISION_EXPENSE', 'C', before - a.requiredReserve],
      ['RISK_RESERVE', 'D', before - a.requiredReserve],
    ]);
    expect(await factorBalance(t, 'RISK_RESERVE')).toBe(a.requiredReserve);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('risk reserve: access and validation', () => {
  it('refuses enterprises (403) and a bad body (400, in Chinese), changing nothing', async () => {
    const fingerprint = await ledgerFingerprint(t.database.db);
    const a = await agingNow();
    for (const who of [r.demo, await t.loginAs('gouxiao')]) {
      expect((await who.post(RESERVE, { expectedRequired: a.requiredReserve, idempotencyKey: newKey() }, { json: true })).statusCode).toBe(
        403,
      );
    }
    for (const bad of [-1, 1.5, 'abc', undefined]) {
      const res = await book(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });
});
