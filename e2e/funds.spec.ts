import ExcelJS from 'exceljs';
import { formatYuan, parseYuan } from '@factoring/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, loginThroughPage } from './fixtures.ts';

/** The available balance shown on /user/moneySummary, in cents. */
async function shownAvailable(page: Page): Promise<number> {
  const text = await page.getByTestId('balance-available').innerText();
  return parseYuan(/-?[\d,]+\.\d{2}/.exec(text)![0]);
}

/** Approves (as the operator, through the /bpm inbox API) the pending task of a type whose subject contains `text`. */
async function approvePending(operator: APIRequestContext, type: string, text: string) {
  const tasks = (await (await operator.get(`/api/bpm/tasks?type=${type}&state=PENDING&size=100`)).json()).message.items as {
    id: number;
    subject: string;
  }[];
  const task = tasks.find((t) => t.subject.includes(text));
  expect(task, `a pending ${type} task about ${text}`).toBeTruthy();
  const res = await (await operator.post(`/api/bpm/tasks/${task!.id}/approve`, { data: {} })).json();
  expect(res.status).toBe('OK');
}

test('the fund account: a deposit arrives, the user withdraws, transfers, adds a payee and exports the flows to Excel', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000); // two users, five money operations and an export
  await loginThroughPage(page, DEMO.merchant);
  await page.goto('/user/moneySummary');
  const accountNo = (await page.getByTestId('account-no').innerText()).trim();
  expect(accountNo).toMatch(/^6222\d{11}$/);
  const availableBefore = await shownAvailable(page);
  expect(availableBefore).toBeGreaterThan(0);

  // An operator, in the back office, records the incoming bank transfer to the virtual account number.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await loginThroughPage(operatorPage, DEMO.operator);
  await operatorPage.goto('/bpm/tasks');
  await operatorPage.getByRole('tab', { name: '登记入账' }).click();
  await operatorPage.getByTestId('deposit-account').fill(accountNo);
  await operatorPage.getByTestId('deposit-account').blur();
  await expect(operatorPage.getByText('户名：上海鑫源贸易有限公司')).toBeVisible();
  await operatorPage.getByTestId('deposit-amount').fill('88,888.00');
  await operatorPage.getByLabel('付款户名').fill('杭州回款客户有限公司');
  await operatorPage.getByLabel('付款账号').fill('33050161000000001234');
  await operatorPage.getByLabel('备注').fill('银行回单 E2E');
  await operatorPage.getByRole('button', { name: '核对并登记' }).click();
  await expect(operatorPage.getByRole('dialog', { name: '确认登记入金' })).toContainText('¥ 88,888.00');
  await operatorPage.getByTestId('deposit-confirm').click();
  // Recorded, not credited: a second operator (钱核) checks the bank receipt and approves it (four eyes).
  await expect(operatorPage.getByTestId('deposit-done')).toContainText('¥88,888.00');
  await expect(operatorPage.getByTestId('deposit-done')).toContainText('待另一位操作员复核入账');
  await operatorContext.close();
  const operator = await apiAs(DEMO.operator);
  const depositChecker = await apiAs(DEMO.checker);
  await approvePending(depositChecker, 'FUNDS_DEPOSIT', '88,888.00');
  await depositChecker.dispose();

  // The user sees it in the fund-flow list and in the chart.
  await page.reload();
  const firstRow = page.getByTestId('flow-table').locator('tbody tr.ant-table-row').first();
  await expect(firstRow).toContainText('充值入账');
  await expect(firstRow).toContainText('+88,888.00');
  await expect(firstRow).toContainText('杭州回款客户有限公司');
  await expect(page.getByTestId('balance-available')).toContainText(formatYuan(availableBefore + 8_888_800));
  // The chart is a canvas; its figures are in the visually hidden table beside it, one row a month.
  // It loads (with chart.js) when scrolled into view.
  await page.getByTestId('monthly-chart-card').scrollIntoViewIfNeeded();
  const thisMonth = page.getByTestId('monthly-chart').locator('tr[data-month]').last();
  expect(await thisMonth.getAttribute('data-month')).toBe(
    new Intl.DateTimeFormat('sv', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7),
  );
  expect(Number(await thisMonth.getAttribute('data-inflow'))).toBeGreaterThanOrEqual(8_888_800);
  await expect(thisMonth).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);

  // Withdrawal: the fee is shown, the password asked; a wrong one is refused in the dialog.
  await page.getByRole('button', { name: /^提\s*现$/ }).click();
  await expect(page).toHaveURL(/\/user\/withdrawal$/);
  await expect(page.getByTestId('withdraw-fee')).toHaveText('¥20.00');
  await page.getByTestId('withdraw-amount').fill('1,000.50');
  await expect(page.getByText('手续费 ¥20.00，合计从可用余额扣除 ¥1,020.50')).toBeVisible();
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('confirm-summary')).toContainText('¥1,020.50');
  await page.getByTestId('confirm-password').fill('Wrong-password-1');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('登录密码不正确，本次操作未执行')).toBeVisible();
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/user\/moneyflowSuccess\?refNo=LS\d+/);
  await expect(page.getByTestId('moneyflow-success')).toContainText('提现申请已提交');
  await expect(page.getByTestId('result-amount')).toHaveText('¥1,000.50');
  await expect(page.getByTestId('result-fee')).toHaveText('¥20.00');
  // The result page survives a reload (read back by its reference number).
  await page.reload();
  await expect(page.getByTestId('result-amount')).toHaveText('¥1,000.50');
  // Maker-checker: one operator reviews the withdrawal, the second (钱核) confirms the bank's pay-out.
  await approvePending(operator, 'FUNDS_WITHDRAWAL_REVIEW', '1,000.50');
  const checker = await apiAs(DEMO.checker);
  await approvePending(checker, 'FUNDS_WITHDRAWAL', '1,000.50');
  await checker.dispose();

  // Transfer to another demo enterprise, whose account number and name we look up as that user.
  const gouxiao = await apiAs(DEMO.purchaseSales);
  const payee = (await (await gouxiao.get('/api/account/v2/queryAccountBalance')).json()).message as {
    accountNo: string;
    accountName: string;
    available: number;
  };
  await page.goto('/user/internalTransfer');
  await expect(page.getByTestId('transfer-fee')).toHaveText('¥20.00');
  await page.getByTestId('transfer-account').fill(payee.accountNo);
  await page.getByTestId('transfer-name').fill(payee.accountName);
  await page.getByTestId('transfer-amount').fill('2500');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('confirm-summary')).toContainText(payee.accountName);
  await expect(page.getByTestId('confirm-summary')).toContainText('¥2,520.00');
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('moneyflow-success')).toContainText('转账成功');
  await expect(page.getByTestId('result-amount')).toHaveText('¥2,500.00');
  const after = (await (await gouxiao.get('/api/account/v2/queryAccountBalance')).json()).message as { available: number };
  expect(after.available).toBe(payee.available + 250_000);

  // A payee for targeted payment: submitted, approved by the operator, then active in the whitelist.
  const payeeName = `E2E 供应商 ${Date.now() % 100000}`;
  await page.goto('/user/openLastDirPayment');
  await page.getByTestId('payee-name').fill(payeeName);
  await page.getByTestId('payee-bank').fill('中国农业银行杭州分行');
  const payeeAccountNo = `62284800${String(Date.now()).slice(-8)}`;
  await page.getByTestId('payee-account').fill(payeeAccountNo);
  await page.getByTestId('payee-submit').click();
  await expect(page.getByText('已提交，等待平台审核')).toBeVisible();
  await page.getByRole('button', { name: '查看白名单' }).click();
  const payeeRow = page.getByTestId('whitelist-page').locator('tbody tr', { hasText: payeeName });
  await expect(payeeRow.getByTestId('payee-status')).toHaveText('待审核');
  await approvePending(operator, 'FUNDS_PAYEE', payeeName);
  await page.reload();
  await expect(payeeRow.getByTestId('payee-status')).toHaveText('已生效');
  // The list masks the account number: only its last four digits show.
  await expect(payeeRow).toContainText(`**** ${payeeAccountNo.slice(-4)}`);
  await expect(payeeRow).not.toContainText(payeeAccountNo);
  // The change form starts from the owner's full detail.
  await page.goto('/user/openUpdateDirPayment');
  await page.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option', { hasText: payeeName }).click();
  await expect(page.getByTestId('payee-account')).toHaveValue(payeeAccountNo);

  // Export the fund-flow list to a real .xlsx and read it back.
  await page.goto('/user/moneySummary');
  // Newest first: the transfer's fee line, then the transfer itself.
  const flowRows = page.getByTestId('flow-table').locator('tbody tr.ant-table-row');
  await expect(flowRows.nth(0)).toContainText('转账手续费');
  await expect(flowRows.nth(1)).toContainText('转账转出');
  await expect(flowRows.nth(1)).toContainText('−2,500.00');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-excel').click()]);
  expect(download.suggestedFilename()).toMatch(/^资金流水_\d{8}\.xlsx$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('资金流水')!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const headerAt = rows.findIndex((r) => r[0] === '交易时间');
  expect(rows[headerAt]).toEqual(['交易时间', '流水号', '类型', '收支', '金额（元）', '对方户名', '对方账号', '备注']);
  const data = rows.slice(headerAt + 1);
  expect(data).toContainEqual(expect.arrayContaining(['充值入账', '收入', 88888, '杭州回款客户有限公司']));
  expect(data).toContainEqual(expect.arrayContaining(['提现', '支出', -1000.5]));
  expect(data).toContainEqual(expect.arrayContaining(['提现手续费', '支出', -20]));
  expect(data).toContainEqual(expect.arrayContaining(['转账转出', '支出', -2500, payee.accountName]));
  expect(data).toContainEqual(expect.arrayContaining(['转账手续费', '支出', -20]));

  // The ledger is proven after the journey.
  const check = (await (await operator.get('/api/bpm/funds/ledger-check')).json()).message as { problems: string[] };
  expect(check.problems).toEqual([]);
  await Promise.all([operator.dispose(), gouxiao.dispose()]);
});
