import { addDays, chinaDate } from '@factoring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStep } from '../../jobs/close-of-business.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { newKey } from '../ledger/testing.ts';
import { okOf, pendingTask, roles, type Roles } from '../supplyloan/testing.ts';
import { bankReconciliationStep, demoStatementCsv, type DemoStatementLine } from './index.ts';

// Issue 37 item 4: reconcile the way banks do. A movement booked by the ledger on one day and by the bank
// on another is an item in transit, carried from day to day until it clears; a day is 已平 when its
// difference is the change of its items in transit; a real difference still reads 不平. Runs on PGlite and PostgreSQL.

const COLLECTION = '1001244319300088886';
const json = { json: true };
const today = chinaDate();
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
const afterTomorrow = addDays(today, 2);

let t: TestApp;
let r: Roles;
let op: TestClient;
let checker: TestClient;
let opening = 0;
let seq = 0;

type Item = { source: string; direction: string; amount: number; reason: string; transit: string | null; lineId: number | null };
type Transit = {
  source: string;
  direction: string;
  amount: number;
  since: string;
  ageDays: number;
  clearsOn: string | null;
  reason: string;
  journalLineId: number | null;
  lineId: number | null;
};
type Day = {
  date: string;
  status: string;
  statusLabel: string;
  difference: number;
  transitChange: number;
  explained: number;
  inTransitCount: number;
  inTransitNet: number;
  items: Item[];
  inTransit: Transit[];
};

const dayOf = async (date: string) => okOf<Day>(await op.get(`/api/bpm/bank/reconciliation/${date}`));
const summary = async () =>
  okOf<{ unreconciledDays: number; oldestUnreconciledDate: string | null }>(await op.get('/api/bpm/bank/summary'));

/** A statement of the collection account from `from` to `to`, continuing from the last one's closing balance. */
async function importStatement(from: string, to: string, lines: Omit<DemoStatementLine, 'serialNo' | 'time'>[]) {
  const full = lines.map((l) => ({ ...l, time: '10:00:00', serialNo: `TR${l.date.replaceAll('-', '')}${String(++seq).padStart(4, '0')}` }));
  const csv = demoStatementCsv({
    accountNo: COLLECTION,
    accountName: '鑫链商业保理有限公司',
    openingBalance: opening,
    periodStart: from,
    periodEnd: to,
    lines: full,
  });
  const result = okOf<{ matched: number; pending: number; unmatched: number; closingBalance: number }>(
    await op.post(
      '/api/bpm/bank/statements/import',
      { formatCode: 'DEMO', fileName: 'statement.csv', content: csv.toString('base64'), idempotencyKey: newKey() },
      json,
    ),
  );
  opening = result.closingBalance;
  return { result, lines: full };
}

let withdrawal: { amount: number; bankAccountNo: string; bankAccountName: string; withdrawalId: number };
let depositTask: number;
const CREDIT = 500_000;

beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  op = r.operator;
  checker = r.checker;
  const statements = okOf<{ items: { closingBalance: number }[] }>(await op.get('/api/bpm/bank/statements'));
  opening = statements.items[0].closingBalance;
  // A pay-out booked today: a withdrawal executed by two operators.
  withdrawal = okOf(
    await r.demo.post('/api/funds/withdraw', { amount: 1_234_500, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() }, json),
  );
  okOf(await op.post(`/api/bpm/tasks/${await pendingTask(op, 'FUNDS_WITHDRAWAL_REVIEW', withdrawal.withdrawalId)}/approve`, {}));
  okOf(await checker.post(`/api/bpm/tasks/${await pendingTask(checker, 'FUNDS_WITHDRAWAL', withdrawal.withdrawalId)}/approve`, {}));
});
afterAll(() => t?.close());

describe('items in transit', () => {
  it("the demo world's exception: its day is 不平 until the line is tied to the receipt, then 已平 and the home card reads 0", async () => {
    const [line] = okOf<{ items: { id: number; bookDate: string; amount: number }[] }>(
      await op.get('/api/bpm/bank/lines', { status: 'UNMATCHED' }),
    ).items;
    const day = await dayOf(line.bookDate);
    // The receipt was booked, the bank shows a line of the same amount from the payer's other account: nothing ties them.
    expect(day).toMatchObject({ status: 'UNBALANCED', difference: 0, transitChange: -line.amount });
    expect(day.items.map((i) => i.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^未匹配：/), expect.stringMatching(/^在途：账簿已记账，对账单中尚未出现/)]),
    );
    expect(await summary()).toMatchObject({ unreconciledDays: 1, oldestUnreconciledDate: line.bookDate });
    const receipt = day.items.find((i) => i.source === 'LEDGER')!;
    okOf(
      await op.post(
        `/api/bpm/bank/lines/${line.id}/assign`,
        { target: 'RECEIPT', targetId: (receipt as unknown as { journalLineId: number }).journalLineId, idempotencyKey: newKey() },
        json,
      ),
    );
    expect(await dayOf(line.bookDate)).toMatchObject({ status: 'BALANCED', difference: 0, transitChange: 0, inTransit: [] });
    expect(await summary()).toMatchObject({ unreconciledDays: 0, oldestUnreconciledDate: null });
  });

  it('a credit on the statement not yet booked: its day is 已平 with the credit in transit, carried to the next day', async () => {
    const buyerVa = okOf<{ accountNo: string }>(await (await t.loginAs('gouxiao')).get('/api/account/v2/queryAccountBalance')).accountNo;
    const { result, lines } = await importStatement(yesterday, today, [
      {
        date: yesterday,
        direction: 'CREDIT',
        amount: CREDIT,
        counterpartyName: '宁波港通物流有限公司',
        counterpartyAccount: '3901000000111',
        memo: '网银转账',
        subAccount: buyerVa,
      },
    ]);
    expect(result).toMatchObject({ pending: 1, unmatched: 0 });
    const y = await dayOf(yesterday);
    expect(y).toMatchObject({ status: 'BALANCED', statusLabel: '已平', difference: CREDIT, transitChange: CREDIT });
    expect(y.items).toEqual([expect.objectContaining({ source: 'STATEMENT', amount: CREDIT, transit: 'IN_TRANSIT' })]);
    expect(y.items[0].reason).toMatch(/^在途：待复核（任务 #\d+），尚未入账/);
    expect(y.inTransit).toEqual([
      expect.objectContaining({ source: 'STATEMENT', direction: 'IN', amount: CREDIT, since: yesterday, ageDays: 0, clearsOn: null }),
    ]);
    depositTask = (
      okOf<{ items: { serialNo: string; taskId: number }[] }>(
        await op.get('/api/bpm/bank/lines', { size: 200, startDate: yesterday }),
      ).items.find((l) => l.serialNo === lines[0].serialNo) as { taskId: number }
    ).taskId;

    // Today: the credit is still in transit (a day old), and today's pay-out is a new item in transit.
    const d = await dayOf(today);
    expect(d.status).toBe('BALANCED');
    expect(d.difference).toBe(d.transitChange);
    expect(d.inTransit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'STATEMENT', amount: CREDIT, since: yesterday, ageDays: 1 }),
        expect.objectContaining({
          source: 'LEDGER',
          direction: 'OUT',
          amount: withdrawal.amount,
          since: today,
          ageDays: 0,
          clearsOn: null,
        }),
      ]),
    );
    const payout = d.items.find((i) => i.source === 'LEDGER' && i.amount === withdrawal.amount)!;
    expect(payout).toMatchObject({ transit: 'IN_TRANSIT', reason: expect.stringMatching(/^在途：账簿已记账，对账单中尚未出现/) });
    expect(await summary()).toMatchObject({ unreconciledDays: 0 });
  });

  it('booked the next day: the credit clears on the day of its booking, both days 已平', async () => {
    okOf(await checker.post(`/api/bpm/tasks/${depositTask}/approve`, { comment: '与对账单一致' }));
    const y = await dayOf(yesterday);
    expect(y).toMatchObject({ status: 'BALANCED', difference: CREDIT, transitChange: CREDIT });
    expect(y.items[0].reason).toBe(`在途：银行已记账，账簿于 ${today} 记账（跨日）`);
    expect(y.inTransit).toEqual([expect.objectContaining({ source: 'STATEMENT', amount: CREDIT, clearsOn: today, ageDays: 0 })]);
    const d = await dayOf(today);
    expect(d.status).toBe('BALANCED');
    expect(d.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'LEDGER',
          direction: 'IN',
          amount: CREDIT,
          transit: 'CLEARED',
          reason: `清算在途：银行于 ${yesterday} 已记账（跨日）`,
        }),
      ]),
    );
    expect(d.inTransit.find((i) => i.amount === CREDIT && i.direction === 'IN')).toBeUndefined();
    expect(d.inTransit.find((i) => i.amount === withdrawal.amount && i.direction === 'OUT')).toBeDefined();
  });

  it('a pay-out booked today, debited by the bank tomorrow: today 已平 with it in transit, tomorrow 已平 with it cleared', async () => {
    const { result } = await importStatement(tomorrow, tomorrow, [
      {
        date: tomorrow,
        direction: 'DEBIT',
        amount: withdrawal.amount,
        counterpartyName: withdrawal.bankAccountName,
        counterpartyAccount: withdrawal.bankAccountNo,
        memo: '代发',
      },
    ]);
    expect(result).toMatchObject({ matched: 1, unmatched: 0 });
    const next = await dayOf(tomorrow);
    expect(next).toMatchObject({ status: 'BALANCED', difference: -withdrawal.amount, transitChange: -withdrawal.amount });
    expect(next.items).toEqual([
      expect.objectContaining({
        source: 'STATEMENT',
        direction: 'OUT',
        amount: withdrawal.amount,
        transit: 'CLEARED',
        reason: `清算在途：账簿于 ${today} 已记账（跨日）`,
      }),
    ]);
    expect(next.inTransit.find((i) => i.amount === withdrawal.amount)).toBeUndefined();
    // Today keeps it listed as in transit at its end, now with the day the bank showed it.
    const d = await dayOf(today);
    expect(d.status).toBe('BALANCED');
    expect(d.inTransit.find((i) => i.amount === withdrawal.amount && i.direction === 'OUT')).toMatchObject({
      source: 'LEDGER',
      since: today,
      ageDays: 0,
      clearsOn: tomorrow,
      reason: `账簿 ${today} 已记账，银行于 ${tomorrow} 记账`,
    });
    // The list of days carries the count and net of what is in transit at each day's end.
    const days = okOf<{ items: { date: string; status: string; inTransitCount: number; transitChange: number }[] }>(
      await op.get('/api/bpm/bank/reconciliation', { size: 5 }),
    );
    expect(days.items.find((x) => x.date === yesterday)).toMatchObject({ status: 'BALANCED', inTransitCount: 1, transitChange: CREDIT });
    expect(await summary()).toMatchObject({ unreconciledDays: 0, oldestUnreconciledDate: null });
  });

  it('a real difference still reads 不平: a debit no pay-out explains, and the home card counts that day only', async () => {
    await importStatement(afterTomorrow, afterTomorrow, [
      {
        date: afterTomorrow,
        direction: 'DEBIT',
        amount: 99_900,
        counterpartyName: '不认识的收款人',
        counterpartyAccount: '999900001111',
        memo: '对公付款',
      },
    ]);
    const odd = await dayOf(afterTomorrow);
    expect(odd).toMatchObject({ status: 'UNBALANCED', statusLabel: '不平', difference: -99_900, transitChange: 0 });
    expect(odd.items).toEqual([expect.objectContaining({ transit: null, reason: expect.stringMatching(/^未匹配：账簿中没有对应记录/) })]);
    expect(await summary()).toMatchObject({ unreconciledDays: 1, oldestUnreconciledDate: afterTomorrow });
    // The close of business reconciles the open days again and leaves the days in transit balanced.
    await runStep(t.database.db, bankReconciliationStep, today);
    expect((await dayOf(today)).status).toBe('BALANCED');
    expect(await summary()).toMatchObject({ unreconciledDays: 1, oldestUnreconciledDate: afterTomorrow });
  });
});
