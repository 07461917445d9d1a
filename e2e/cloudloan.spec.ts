import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, loginThroughPage } from './fixtures.ts';

async function confirmWithPassword(page: Page) {
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
}

async function pickDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test('cloud loan: trial with Excel export read back, apply, bank grant, agreement, drawdown, early instalment, pay-off, settled', async ({
  page,
}) => {
  test.setTimeout(300_000); // a long journey; the shared machine runs several suites at once
  const operator = await apiAs(DEMO.operator);
  await loginThroughPage(page, DEMO.merchant);

  // 1. The repayment trial over the product's longest term (issue 24: 3–36 months): 1,000,000.00 at 4.9 % over 36 months → 29,926.02.
  await page.goto('/supplyloan/ccbftTrialPayment');
  await expect(page.getByTestId('cloudloan-trial-page')).toBeVisible();
  await page.getByTestId('trial-amount').fill('1,000,000.00');
  await page.getByTestId('trial-rate').fill('4.9');
  await page.getByTestId('trial-term').fill('36');
  await pickDate(page, 'trial-start', '2024-01-31');
  await expect(page.getByTestId('trial-first-payment')).toContainText('29,926.02');
  await expect(page.getByTestId('trial-schedule-total-interest')).toHaveText('¥77,336.71');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trial-export').click()]);
  expect(download.suggestedFilename()).toBe('还款试算_36期_20240131.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const ws = wb.getWorksheet('还款计划')!;
  expect(ws.getRow(4).values).toEqual([undefined, '期数', '还款日', '月供（元）', '本金（元）', '利息（元）', '剩余本金（元）']);
  // Due dates are date cells; the totals row sums payment, principal and interest with formulas.
  expect(ws.getRow(5).values).toEqual([undefined, 1, new Date('2024-02-29T00:00:00Z'), 29926.02, 25842.69, 4083.33, 974157.31]);
  expect(ws.getRow(40).values).toEqual([undefined, 36, new Date('2027-01-31T00:00:00Z'), 29926.01, 29804.31, 121.7, 0]);
  const totals = ws.getRow(41);
  expect([1, 3, 4, 5].map((c) => totals.getCell(c).value)).toEqual([
    '合计',
    { formula: 'SUM(C5:C40)', result: 1077336.71 },
    { formula: 'SUM(D5:D40)', result: 1000000 },
    { formula: 'SUM(E5:E40)', result: 77336.71 },
  ]);
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });

  // 2. The product page says the enterprise is eligible; apply.
  await page.goto('/supplyloan/ccbft');
  await expect(page.getByTestId('eligibility-yes')).toBeVisible();
  await page.getByTestId('go-apply').click();
  await expect(page.getByTestId('cloudloan-apply-page')).toBeVisible();
  await page.getByTestId('apply-amount').fill('20,000,000.00');
  await page.getByTestId('apply-purpose').fill('支付上游货款');
  await page.getByTestId('apply-revenue').fill('36,500,000.00');
  await page.getByTestId('apply-tax').fill('980,000.00');
  await page.getByTestId('apply-contact').fill('张明');
  await page.getByTestId('apply-phone').fill('13800138000');
  await page.getByTestId('apply-next').click();
  // Over the product's maximum: refused on the field, nothing submitted.
  await expect(page.getByText('申请金额不能超过 3,000,000.00 元')).toBeVisible();
  await page.getByTestId('apply-amount').fill('600,000.00');
  await page.getByTestId('apply-next').click();
  await expect(page.getByText('请授权银行查询企业征信')).toBeVisible();
  await page.getByTestId('apply-consent').check();
  await page.getByTestId('apply-next').click();

  await expect(page.getByTestId('cloudloan-submit-page')).toBeVisible();
  await expect(page.getByTestId('cloudloan-submit-page')).toContainText('¥600,000.00');
  await expect(page.getByTestId('submit-application')).toBeDisabled();
  await page.getByTestId('submit-accept').check();
  await page.getByTestId('submit-application').click();
  await expect(page.getByText('申请已提交银行审批')).toBeVisible();

  // 3. The operator grants for the bank: 500,000.00 at 7.2 % for 6 months.
  const pending = (await (await operator.get('/api/cloudloan/operator/applications')).json()).message as { id: number; amount: number }[];
  const application = pending.find((a) => a.amount === 60_000_000)!;
  const granted = await (
    await operator.post(`/api/cloudloan/operator/applications/${application.id}/grant`, {
      data: { amount: 50_000_000, annualRatePpm: 72_000, termMonths: 6, validityDays: 90 },
    })
  ).json();
  expect(granted.status, JSON.stringify(granted)).toBe('OK');

  // 4. The agreement appears in the contract list; the user signs it there.
  await page.getByTestId('submit-done').click();
  await page.goto('/supplyloan/myfinancing/cloudComponent/ApplyTable');
  await expect(page.getByTestId('cloud-apply-table')).toContainText('已授信');
  await page.goto('/user/contractList');
  const row = page
    .getByTestId('contract-list')
    .getByRole('row')
    .filter({ hasText: '银行云贷借款协议' })
    .filter({ hasText: '待签署' })
    .first();
  await row.getByRole('button', { name: '签署' }).click();
  const sign = page.getByRole('dialog', { name: '签署合同' });
  await sign.getByLabel('我已阅读并同意本合同全部条款').check();
  await sign.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await sign.getByRole('button', { name: '确认签署' }).click();
  await expect(sign).toBeHidden();

  // 5. Draw 300,000.00 from the credit tab of my financing: the preview is the plan that gets booked.
  await page.goto('/supplyloan/myfinancing?cloudTab=credit');
  const credit = page.getByTestId('cloud-credit-table');
  await credit.getByTestId(`draw-${application.id}`).click();
  await page.getByTestId('draw-amount').fill('300,000.00');
  const preview = page.getByTestId('draw-preview');
  await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(6);
  await expect(page.getByTestId('draw-preview-total-interest')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  const previewInterest = await page.getByTestId('draw-preview-total-interest').innerText();
  await page.getByTestId('draw-ok').click();
  await confirmWithPassword(page);
  await expect(page.getByTestId('cloud-loan-info')).toBeVisible();
  await expect(page.getByTestId('loan-status')).toHaveText('已放款');
  const plan = page.getByTestId('refund-plan');
  await expect(plan.locator('tbody tr.ant-table-row')).toHaveCount(6);
  // The booked plan's interest is the previewed plan's, to the cent.
  await expect(page.getByTestId('totals-scheduled-interest')).toContainText(previewInterest.replace('¥', ''));

  // 6. Repay instalment 1 early.
  await page.getByTestId('repay-period-1').click();
  await confirmWithPassword(page);
  await expect(page.getByTestId('loan-status')).toHaveText('还款中');
  await expect(plan.locator('tbody tr.ant-table-row').first()).toContainText('已还款');

  // 7. Pay the rest off at today's quote: settled.
  await page.getByTestId('payoff').click();
  await confirmWithPassword(page);
  await expect(page.getByTestId('loan-status')).toHaveText('已结清');
  await page.getByRole('tab', { name: /还款记录/ }).click();
  await expect(page.getByTestId('refund-records')).toContainText('提前结清');
  await expect(page.getByTestId('refund-records')).toContainText('提前还当期');

  // 8. Every sub-view renders on its own.
  for (const [path, testId] of [
    ['/supplyloan/myfinancing/cloudComponent/CloudLoanTab', 'cloud-loan-tab'],
    ['/supplyloan/myfinancing/cloudComponent/CreditTable', 'cloud-credit-table'],
    ['/supplyloan/myfinancing/cloudComponent/RefundTotalTable', 'cloud-refund-totals'],
    ['/supplyloan/myfinancing/cloudComponent/RefundTable', 'cloud-loans'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
  }
  await operator.dispose();
});
