import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, chinaDate } from '@factoring/domain';
import { apiAs, DEMO, DEMO_PASSWORD, encryptForServer, loginThroughPage } from './fixtures.ts';

/**
 * Issue 37 item 4, reconciling the way banks do. A withdrawal is paid out (booked) today; the bank debits it
 * tomorrow. The operator imports today's statement in 银行对账 and sees today 已平 with the pay-out listed as an
 * item in transit (booked, not yet on the statement, 0 days old); tomorrow's statement shows the debit, and
 * tomorrow is 已平 with the item cleared, while today's list says when the bank showed it.
 */

const COLLECTION = { accountNo: '1001244319300088886', accountName: '鑫链商业保理有限公司' };
const AMOUNT = 2_345_600;

const ok = async <T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> => {
  const body = (await (await res).json()) as { status: string; message: T };
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message;
};
const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const chinaDay = (offset = 0) => addDays(chinaDate(), offset);

interface BankLine {
  time: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: number;
  name: string;
  account: string;
  memo: string;
  remark: string;
  serial: string;
}

/** One day's statement in the demo bank's CSV (README "Bank statements"), running balance from the opening. */
function demoCsv(day: string, opening: number, lines: BankLine[]): { csv: Buffer; closing: number } {
  let balance = opening;
  const rows = lines.map((l) => {
    balance += l.direction === 'CREDIT' ? l.amount : -l.amount;
    const amount = yuan(l.amount);
    return [
      day,
      l.time,
      l.direction === 'DEBIT' ? amount : '',
      l.direction === 'CREDIT' ? amount : '',
      yuan(balance),
      l.name,
      l.account,
      '',
      l.memo,
      l.remark,
      l.serial,
      '',
    ];
  });
  const text = [
    ['演示银行 账户交易明细'],
    ['账号:', COLLECTION.accountNo],
    ['户名:', COLLECTION.accountName],
    ['起止日期:', day, day],
    ['期初余额:', yuan(opening)],
    ['交易日期', '交易时间', '借方发生额', '贷方发生额', '余额', '对方户名', '对方账号', '对方开户行', '摘要', '附言', '流水号', '子账号'],
    ...rows,
    ['期末余额:', yuan(balance)],
  ]
    .map((r) => r.join(','))
    .join('\r\n');
  return { csv: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), closing: balance };
}

async function importThroughPage(page: Page, name: string, csv: Buffer) {
  await page.getByRole('tab', { name: '导入对账单' }).click();
  await page.getByTestId('import-form').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: csv });
  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText(name);
  return result;
}

async function pendingTaskOf(api: APIRequestContext, type: string, refId: number | string) {
  const list = await ok<{ items: { id: number; refId: string }[] }>(
    api.get('/api/bpm/tasks', { params: { type, state: 'PENDING', size: 200 } }),
  );
  return list.items.find((i) => i.refId === String(refId))!.id;
}

/** Opens a day's detail from 每日对账 and answers the drawer. */
async function openDay(page: Page, date: string) {
  await page.getByRole('tab', { name: '每日对账' }).click();
  const row = page.getByTestId('days-table').locator(`tr[data-row-key="${date}"]`);
  await expect(row).toContainText('已平');
  await row.getByTestId(`day-${date}`).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `${date} 对账明细` });
  await expect(drawer.getByTestId('day-transit')).toBeVisible();
  return drawer;
}

test('bank reconciliation: a debit a day after the pay-out was booked leaves today 已平 with the item in transit; tomorrow clears it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const today = chinaDay();
  const tomorrow = chinaDay(1);
  const merchant = await apiAs(DEMO.merchant);
  const operator = await apiAs(DEMO.operator);
  const checker = await apiAs(DEMO.checker);
  const va = (await ok<{ accountNo: string }>(merchant.get('/api/account/v2/queryAccountBalance'))).accountNo;

  // Today: a withdrawal executed by two operators — booked on the factor's bank account, not yet debited by the bank.
  const withdrawal = await ok<{ withdrawalId: number; amount: number; bankAccountNo: string; bankAccountName: string }>(
    merchant.post('/api/funds/withdraw', {
      data: { amount: AMOUNT, password: await encryptForServer(merchant, DEMO_PASSWORD), idempotencyKey: randomUUID() },
    }),
  );
  await ok(
    operator.post(`/api/bpm/tasks/${await pendingTaskOf(operator, 'FUNDS_WITHDRAWAL_REVIEW', withdrawal.withdrawalId)}/approve`, {
      data: {},
    }),
  );
  await ok(
    checker.post(`/api/bpm/tasks/${await pendingTaskOf(checker, 'FUNDS_WITHDRAWAL', withdrawal.withdrawalId)}/approve`, { data: {} }),
  );
  await operator.dispose();

  await loginThroughPage(page, DEMO.operator);
  await page.goto('/bpm/reconciliation');
  const statements = await ok<{ items: { closingBalance: number }[] }>(page.request.get('/api/bpm/bank/statements'));
  const serial = (n: number) => `TR${Date.now()}${n}`;

  // Today's statement: a customer's payment naming the virtual account (recorded as its deposit); no debit yet.
  const first = demoCsv(today, statements.items[0].closingBalance, [
    {
      time: '09:30:00',
      direction: 'CREDIT',
      amount: 500_000,
      name: '杭州钢联建材有限公司',
      account: '33050161672700000318',
      memo: '网银转账',
      remark: `${va} 货款`,
      serial: serial(1),
    },
  ]);
  const imported = await importThroughPage(page, '今日对账单.csv', first.csv);
  await expect(imported.getByTestId('import-pending')).toHaveText('1');
  // The second operator credits the deposit today: booked the same day, nothing in transit for it.
  const [deposit] = (
    await ok<{ items: { taskId: number; amount: number }[] }>(page.request.get('/api/bpm/bank/lines', { params: { status: 'PENDING' } }))
  ).items.filter((l) => l.amount === 500_000);
  await ok(checker.post(`/api/bpm/tasks/${deposit.taskId}/approve`, { data: { comment: '与对账单一致' } }));

  // Today is 已平: the difference is the pay-out, listed as in transit (booked, not yet on the statement, 0 days old).
  let drawer = await openDay(page, today);
  const transitRow = drawer.getByTestId('day-transit').getByRole('row').filter({ hasText: '23,456.00' });
  await expect(transitRow).toContainText('账簿');
  await expect(transitRow).toContainText('0 天');
  await expect(transitRow).toContainText(`账簿 ${today} 已记账，对账单中尚未出现`);
  await expect(drawer.getByTestId('day-items').getByRole('row').filter({ hasText: '23,456.00' })).toContainText('在途');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Tomorrow's statement shows the debit: matched to the pay-out, the item clears.
  const second = demoCsv(tomorrow, first.closing, [
    {
      time: '10:15:00',
      direction: 'DEBIT',
      amount: AMOUNT,
      name: withdrawal.bankAccountName,
      account: withdrawal.bankAccountNo,
      memo: '代发',
      remark: '提现',
      serial: serial(2),
    },
  ]);
  const next = await importThroughPage(page, '次日对账单.csv', second.csv);
  await expect(next.getByTestId('import-unmatched')).toHaveText('0');
  drawer = await openDay(page, tomorrow);
  await expect(drawer.getByTestId('day-items').getByRole('row').filter({ hasText: '23,456.00' })).toContainText(
    `清算在途：账簿于 ${today} 已记账`,
  );
  await expect(drawer.getByTestId('day-transit')).not.toContainText('23,456.00');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Today's list keeps the item as it stood at the day's end, now with the day the bank showed it.
  drawer = await openDay(page, today);
  await expect(drawer.getByTestId('day-transit').getByRole('row').filter({ hasText: '23,456.00' })).toContainText(
    `银行于 ${tomorrow} 记账`,
  );

  for (const api of [merchant, checker]) await api.dispose();
});
