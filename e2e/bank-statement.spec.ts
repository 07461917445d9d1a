import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, chinaDate, orderTotals } from '@factoring/domain';
import { apiAs, confirmDecision, DEMO, DEMO_PASSWORD, encryptForServer, loginThroughPage } from './fixtures.ts';

/**
 * Issue 26, the bank statement as the source of truth for money in and out. The operator imports
 * today's statement of the collection account in /bpm/reconciliation: a credit naming the demo
 * enterprise's virtual account is recorded as its deposit and credited only when the second operator
 * (钱核) approves it — the importer is refused; a credit agreeing with a pledge margin voucher to the
 * cent is shown beside the voucher, which the operator confirms as always. An executed withdrawal goes
 * out in a payment batch file and turns 银行已付款 when the next statement shows the debit. A targeted
 * payment goes out in the same file naming its payee's bank (issue 37): the operator downloads the CSV and
 * the pain.001 and finds the bank in both.
 */

const COLLECTION = { accountNo: '1001244319300088886', accountName: '鑫链商业保理有限公司' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PAYER = { name: '上海演示钢贸有限公司', account: '6222020000001234' };

const ok = async <T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> => {
  const body = (await (await res).json()) as { status: string; message: T };
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message;
};
const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const chinaToday = () => chinaDate();

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

/** Today's statement in the demo bank's CSV (README "Bank statements"), running balance from the opening. */
function demoCsv(opening: number, lines: BankLine[]): Buffer {
  const day = chinaToday();
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
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

/** Imports a statement through the page: the format, the file, 导入; answers the result card. */
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

test('bank statement: import, four-eyes deposit, voucher beside its line, pay-out file paid on the next statement', async ({ page }) => {
  test.setTimeout(300_000);
  const merchant = await apiAs(DEMO.merchant);
  const operator = await apiAs(DEMO.operator);
  const checker = await apiAs(DEMO.checker);
  const balance = async () => ok<{ available: number; accountNo: string }>(merchant.get('/api/account/v2/queryAccountBalance'));
  const va = (await balance()).accountNo;

  // The demo enterprise: a pledge application whose margin it pays by bank transfer (a voucher), and a withdrawal.
  const platforms = await ok<{ creditLine: { id: number } | null; terms: { goodsName: string }[] }[]>(
    merchant.get('/api/pledge/platforms'),
  );
  const platform = platforms.find((p) => p.creditLine && p.terms.some((t) => t.goodsName === '热轧卷板'))!;
  const stock = await ok<{ positionId: number; batchNo: string }[]>(merchant.get('/api/pledge/stock'));
  const position = stock.find((s) => s.batchNo === 'RB2610-01')!;
  const pledge = await ok<{ id: number; financingNo: string; margin: number }>(
    merchant.post('/api/pledge/financings', {
      data: {
        creditLineId: platform.creditLine!.id,
        lines: [{ positionId: position.positionId, quantity: '5' }],
        amount: 1_000_000,
        termDays: 90,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  const upload = await ok<{ id: number }>(
    merchant.post('/api/uploads', { multipart: { purpose: 'VOUCHER', file: { name: '回单.png', mimeType: 'image/png', buffer: PNG } } }),
  );
  const voucher = await ok<{ id: number; voucherNo: string; amount: number }>(
    merchant.post(`/api/pledge/financings/${pledge.id}/vouchers`, {
      data: {
        kind: 'MARGIN',
        voucherUploadId: upload.id,
        payerAccountName: PAYER.name,
        payerAccountNo: PAYER.account,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  const withdrawal = await ok<{ withdrawalId: number; amount: number; bankAccountNo: string; bankAccountName: string }>(
    merchant.post('/api/funds/withdraw', {
      data: { amount: 1_234_500, password: await encryptForServer(merchant, DEMO_PASSWORD), idempotencyKey: randomUUID() },
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
  // A targeted payment from controlled funds to a whitelisted supplier: its bank must reach the payment file.
  const payees = await ok<{ items: { id: number; name: string; bankName: string; status: string }[] }>(
    merchant.get('/api/funds/payees', { params: { size: 50 } }),
  );
  const payee = payees.items.find((p) => p.status === 'ACTIVE' && p.name === '江苏沙钢物资贸易有限公司')!;
  const payeeAccountNo = (await ok<{ accountNo: string }>(merchant.get(`/api/funds/payees/${payee.id}`))).accountNo;
  const targeted = await ok<{ refNo: string; amount: number }>(
    merchant.post('/api/funds/targeted-payment', {
      data: { payeeId: payee.id, amount: 66_611, password: await encryptForServer(merchant, DEMO_PASSWORD), idempotencyKey: randomUUID() },
    }),
  );
  // 浙江远航 pays a purchase order from free funds to 江苏恒通 (the 定向支付 page): its bank must reach the file too. Its own
  // order: the demo world's such payment, five days back, is on last month's statement in the first days of a month.
  const buyer = await apiAs(DEMO.purchaseSales);
  const orderLines = [{ goodsName: '热轧卷板', spec: 'Q235B', unit: '吨', quantity: '1', unitPrice: 386_000, taxRatePpm: 130_000 }];
  const order = await ok<{ id: number }>(
    buyer.post('/api/purchase-sales/orders', {
      data: {
        kind: 'PURCHASE',
        counterpartyName: '江苏恒通钢材有限公司',
        counterpartyBankName: '中国工商银行无锡分行营业部',
        counterpartyAccountNo: '1103020109000456789',
        deliveryDate: addDays(chinaDate(), 30),
        lines: orderLines,
        totalAmount: orderTotals(orderLines).total,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await ok(buyer.post(`/api/purchase-sales/orders/${order.id}/confirm`, { data: {} }));
  const ordered = await ok<{ lines: { id: number; quantity: string }[] }>(buyer.get(`/api/purchase-sales/orders/${order.id}`));
  await ok(
    buyer.post(`/api/purchase-sales/orders/${order.id}/fulfil`, {
      data: { lines: ordered.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })), idempotencyKey: randomUUID() },
    }),
  );
  const quote = await ok<{ payees: { id: number }[]; outstanding: number }>(
    buyer.get(`/api/purchase-sales/orders/${order.id}/payment-quote`),
  );
  await ok(
    buyer.post(`/api/purchase-sales/orders/${order.id}/pay`, {
      data: {
        payeeId: quote.payees[0].id,
        amount: quote.outstanding,
        password: await encryptForServer(buyer, DEMO_PASSWORD),
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await buyer.dispose();
  // One session per user: the browser's login below ends this one, so 赵审's reads go through the page from here on.
  await operator.dispose();

  // The operator's home shows the bank card (the demo world's one exception).
  await loginThroughPage(page, DEMO.operator);
  const opApi = page.request;
  await expect(page.getByTestId('card-bank')).toContainText('未匹配流水');
  await page.getByTestId('card-bank').getByRole('link', { name: '进入银行对账' }).click();
  await expect(page).toHaveURL(/\/bpm\/reconciliation/);
  await expect(page.getByTestId('statements-table')).toContainText(/DZ\d{12}/);

  // Today's statement: the customer's payment naming the virtual account, and the margin transfer.
  const statements = await ok<{ items: { closingBalance: number }[] }>(opApi.get('/api/bpm/bank/statements'));
  const opening = statements.items[0].closingBalance;
  const serial = (n: number) => `E2E${Date.now()}${n}`;
  const morning: BankLine[] = [
    {
      time: '09:15:00',
      direction: 'CREDIT',
      amount: 2_000_000,
      name: '杭州钢联建材有限公司',
      account: '33050161672700000318',
      memo: '网银转账',
      remark: `${va} 货款`,
      serial: serial(1),
    },
    {
      time: '10:05:00',
      direction: 'CREDIT',
      amount: voucher.amount,
      name: PAYER.name,
      account: PAYER.account,
      memo: '网银转账',
      remark: `${voucher.voucherNo} 保证金`,
      serial: serial(2),
    },
  ];
  const result = await importThroughPage(page, '今日对账单-上午.csv', demoCsv(opening, morning));
  await expect(result.getByTestId('import-added')).toHaveText('2');
  await expect(result.getByTestId('import-pending')).toHaveText('2');

  // Four eyes: the importing operator (赵审) may not credit the deposit it recorded.
  const before = (await balance()).available;
  // The deposits' own inbox: pending work is listed oldest first, ten to a page.
  await page.goto('/bpm/tasks?type=FUNDS_DEPOSIT');
  const depositRow = page.getByRole('row').filter({ hasText: '入金复核' }).filter({ hasText: '20,000.00' }).first();
  await depositRow.getByRole('button', { name: /审\s*核/ }).click();
  await expect(page.getByTestId('four-eyes-blocked')).toContainText('该任务由您提交');
  await expect(page.getByTestId('approve-task')).toBeDisabled();
  await expect(page.getByTestId('task-facts')).toContainText('杭州钢联建材有限公司');
  await page.keyboard.press('Escape');
  expect((await balance()).available).toBe(before);
  // The second operator (钱核) approves: only now is it credited.
  const depositTask = (
    await ok<{ items: { id: number; subject: string }[] }>(
      opApi.get('/api/bpm/tasks', { params: { type: 'FUNDS_DEPOSIT', state: 'PENDING', size: 50 } }),
    )
  ).items.find((t) => t.subject.includes('20,000.00'))!;
  await ok(checker.post(`/api/bpm/tasks/${depositTask.id}/approve`, { data: { comment: '与对账单一致' } }));
  expect((await balance()).available).toBe(before + 2_000_000);

  // The margin voucher: its statement line beside it; confirmed through the usual decision (its own inbox).
  await page.goto('/bpm/tasks?type=PLEDGE_MARGIN_VOUCHER');
  await page
    .getByRole('row')
    .filter({ hasText: pledge.financingNo })
    .filter({ hasText: '质押保证金转账确认' })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  const facts = page.getByTestId('task-facts');
  await expect(facts).toContainText('银行流水');
  await expect(facts).toContainText(PAYER.name);
  await expect(facts).toContainText(voucher.voucherNo);
  await page.getByTestId('approve-task').click();
  await confirmDecision(page);
  await expect(page.getByTestId('task-state')).toHaveText('已通过');
  await page.keyboard.press('Escape');
  const lines = await ok<{ items: { serialNo: string; status: string }[] }>(
    opApi.get('/api/bpm/bank/lines', { params: { size: 50, startDate: chinaToday() } }),
  );
  expect(lines.items.filter((l) => morning.some((m) => m.serial === l.serialNo)).map((l) => l.status)).toEqual(['MATCHED', 'MATCHED']);

  // The withdrawal goes out in a payment batch file.
  await page.goto('/bpm/reconciliation?tab=payouts');
  const payouts = page.getByTestId('payouts-table');
  await expect(payouts.getByRole('row').filter({ hasText: '12,345.00' })).toContainText('待导出');
  await page.getByTestId('create-batch').click();
  await page.getByTestId('create-batch-confirm').click();
  await expect(payouts.getByRole('row').filter({ hasText: '12,345.00' })).toContainText('已导出待银行回单');
  const batch = (await ok<{ items: { id: number; batchNo: string }[] }>(opApi.get('/api/bpm/bank/payment-batches'))).items[0];
  await expect(page.getByTestId('batches-table')).toContainText(batch.batchNo);
  const file = await page.request.get(`/api/bpm/bank/payment-batches/${batch.id}/file?format=csv`);
  // Earlier journeys may have paid out to the same account: this withdrawal's row is the one of its amount.
  const row = (await file.text()).split('\r\n').find((l) => l.includes(withdrawal.bankAccountNo) && l.includes(',12345.00,'));
  expect(row, 'the withdrawal of 12,345.00 in the batch file').toBeDefined();
  const endToEndId = row!.split(',').at(-1)!;
  const xml = await (await page.request.get(`/api/bpm/bank/payment-batches/${batch.id}/file?format=pain001`)).text();
  expect(xml).toContain(`<EndToEndId>${endToEndId}</EndToEndId>`);

  // The targeted payment's line names its payee's bank: in the table, in the downloaded CSV and in the pain.001.
  await expect(payouts.getByRole('row').filter({ hasText: targeted.refNo })).toContainText(payee.bankName);
  const download = async (testId: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  };
  const csv = await download(`batch-csv-${batch.batchNo}`);
  expect(csv.name).toBe(`${batch.batchNo}.csv`);
  const header = csv.text
    .split('\r\n')
    .find((l) => l.startsWith('序号,'))!
    .split(',');
  const payeeRow = csv.text
    .split('\r\n')
    .find((l) => l.split(',')[header.indexOf('收款账号')] === payeeAccountNo && l.includes(',666.11,'));
  expect(payeeRow, 'the targeted payment in the downloaded CSV').toBeDefined();
  expect(payeeRow!.split(',')[header.indexOf('收款开户行')]).toBe(payee.bankName);
  const pain = await download(`batch-xml-${batch.batchNo}`);
  expect(pain.name).toBe(`${batch.batchNo}.xml`);
  const tx = pain.text.split('<CdtTrfTxInf>').find((x) => x.includes(`<EndToEndId>${payeeRow!.split(',').at(-1)}</EndToEndId>`));
  expect(tx, 'the targeted payment in the downloaded pain.001').toBeDefined();
  expect(tx).toMatch(new RegExp(`<CdtrAgt>\\s*<FinInstnId>\\s*<Nm>${payee.bankName}</Nm>`));
  // 浙江远航's purchase order paid from free funds to 江苏恒通 (above): its bank too.
  const orderRow = csv.text.split('\r\n').find((l) => l.split(',')[header.indexOf('收款账号')] === '1103020109000456789')!;
  expect(orderRow.split(',')[header.indexOf('收款开户行')]).toBe('中国工商银行无锡分行营业部');
  const orderTx = pain.text.split('<CdtTrfTxInf>').find((x) => x.includes(`<EndToEndId>${orderRow.split(',').at(-1)}</EndToEndId>`));
  expect(orderTx).toMatch(/<CdtrAgt>\s*<FinInstnId>\s*<Nm>中国工商银行无锡分行营业部<\/Nm>/);
  expect(pain.text).not.toContain('<Nm>—</Nm>');

  // The next statement shows the debit: the pay-out is paid.
  const afternoon: BankLine = {
    time: '15:30:00',
    direction: 'DEBIT',
    amount: withdrawal.amount,
    name: withdrawal.bankAccountName,
    account: withdrawal.bankAccountNo,
    memo: '代发',
    remark: endToEndId,
    serial: serial(3),
  };
  const next = await importThroughPage(page, '今日对账单-下午.csv', demoCsv(opening, [...morning, afternoon]));
  await expect(next.getByTestId('import-added')).toHaveText('1');
  await page.getByRole('tab', { name: '出款与付款文件' }).click();
  await expect(page.getByTestId('payouts-table').getByRole('row').filter({ hasText: '12,345.00' })).toContainText('银行已付款');

  // The demo world's exception waits in the queue.
  await page.getByRole('tab', { name: '流水与异常' }).click();
  await expect(page.getByTestId('lines-table')).toContainText('苏州恒达建设工程有限公司');
  await page.getByRole('tab', { name: '每日对账' }).click();
  await expect(page.getByTestId('days-table')).toContainText(chinaToday());

  for (const api of [merchant, checker]) await api.dispose();
});
