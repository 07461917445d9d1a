import { chinaDate, type Cents } from '@factoring/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines, journalLines } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { createTask } from '../bpm/index.ts';
import { recordDeposit } from '../funds/index.ts';
import { newKey } from '../ledger/testing.ts';
import { okOf, roles } from '../supplyloan/testing.ts';
import { demoStatementCsv } from './index.ts';

// Issue 35, one offline payment: an approval that receives a payment names the receipt it booked, and the
// bank statement links its line to that entry by id — not to whatever the journal gained meanwhile.

const COLLECTION = '1001244319300088886';
const AMOUNT = 77_701;
const today = chinaDate();

let t: TestApp;
let op: TestClient;
let checker: TestClient;
let demoVa: string;
/** The receipts the probe type booked, in order. */
const booked: number[] = [];

/** A credit of `AMOUNT` on today's statement, left unmatched (it names no account), then tied to a task by hand. */
async function lineTiedTo(taskId: number, serialNo: string) {
  const csv = demoStatementCsv({
    accountNo: COLLECTION,
    accountName: '鑫链商业保理有限公司',
    openingBalance: 0,
    periodStart: today,
    periodEnd: today,
    lines: [
      {
        date: today,
        time: '09:00:00',
        serialNo,
        direction: 'CREDIT',
        amount: AMOUNT,
        counterpartyName: '测试付款人',
        counterpartyAccount: '6217000010009999999',
        memo: '转账',
      },
    ],
  });
  okOf(
    await op.post(
      '/api/bpm/bank/statements/import',
      { formatCode: 'DEMO', fileName: `${serialNo}.csv`, content: csv.toString('base64'), idempotencyKey: newKey() },
      { json: true },
    ),
  );
  const [line] = await t.database.db
    .update(bankStatementLines)
    .set({ status: 'PENDING', taskId, matchKind: 'DEPOSIT_TASK', matchLabel: '测试' })
    .where(eq(bankStatementLines.serialNo, serialNo))
    .returning();
  return line!;
}

async function probeTask(type: string) {
  return t.database.db.transaction((tx) =>
    createTask(tx, { type, subject: '线下到账', enterpriseId: null, refId: type, data: { amount: AMOUNT }, fields: [], submittedBy: null }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const r = await roles(t);
  op = r.operator;
  checker = r.checker;
  demoVa = okOf<{ accountNo: string }>(await r.demo.get('/api/account/v2/queryAccountBalance')).accountNo;
  // Books two receipts of the same amount and names the first: the one its voucher proves.
  t.app.tasks.add({
    type: 'TEST_TWO_RECEIPTS',
    label: '测试到账',
    receivesPayment: true,
    async onApprove(tx, _task, operator) {
      for (let i = 0; i < 2; i++)
        booked.push((await recordDeposit(tx, { operatorId: operator.id, accountNo: demoVa, amount: AMOUNT as Cents })).entryId);
      return { after: { booked }, received: { entryId: booked[0]! } };
    },
    async onReject() {},
  });
  t.app.tasks.add({
    type: 'TEST_NO_RECEIPT',
    label: '测试未回执',
    receivesPayment: true,
    async onApprove(tx, _task, operator) {
      await recordDeposit(tx, { operatorId: operator.id, accountNo: demoVa, amount: AMOUNT as Cents });
      return { after: { booked: 'unnamed' } };
    },
    async onReject() {},
  });
});
afterAll(() => t?.close());

describe('a task that receives a payment', () => {
  it('links its statement line to the receipt its approval names', async () => {
    const taskId = await probeTask('TEST_TWO_RECEIPTS');
    const line = await lineTiedTo(taskId, 'TL0001');
    okOf(await checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '到账' }));
    const [after] = await t.database.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id));
    expect(after).toMatchObject({ status: 'MATCHED' });
    const lines = await t.database.db
      .select({ id: journalLines.id, entryId: journalLines.entryId })
      .from(journalLines)
      .where(inArray(journalLines.entryId, booked));
    const bankLineOfFirst = lines.find((l) => l.id === after!.journalLineId);
    // The newest bank line of the amount is the second receipt's; the voucher's is the first.
    expect(bankLineOfFirst?.entryId).toBe(booked[0]);
  });

  it('is refused, booking nothing, when its approval names no receipt', async () => {
    const taskId = await probeTask('TEST_NO_RECEIPT');
    const line = await lineTiedTo(taskId, 'TL0002');
    const before = await t.database.db.select({ id: journalLines.id }).from(journalLines);
    const res = await checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '到账' });
    expect(res.statusCode).toBe(500);
    expect(await t.database.db.select({ id: journalLines.id }).from(journalLines)).toHaveLength(before.length);
    const [after] = await t.database.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id));
    expect(after).toMatchObject({ status: 'PENDING', taskId });
  });
});
