import { orderTotals } from '@factoring/domain';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, signedInAs } from './fixtures.ts';

/**
 * Issue 24, the cloud loan and purchase/sales: figures that do not outlive their input, words for
 * users, one refusal said once, pages that stay reachable, and no order that waits forever for a
 * counterparty that cannot see it.
 */

async function pickDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

const breadcrumb = (page: Page) => page.locator('.ant-breadcrumb');

test('cloud-loan trial: 3 to 36 months, said in Chinese; an invalid term clears the figures instead of keeping the last ones', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, DEMO.merchant, '/supplyloan/ccbftTrialPayment');
  // The page's first load on a machine running several suites at once can take a while.
  await expect(page.getByTestId('cloudloan-trial-page')).toBeVisible({ timeout: 30_000 });
  await expect(breadcrumb(page)).toContainText('还款试算');

  // 1,000,000.00 at 4.9 % over 36 months (the product's longest term): 29,926.02 a month.
  await page.getByTestId('trial-amount').fill('1,000,000.00');
  await page.getByTestId('trial-rate').fill('4.9');
  await page.getByTestId('trial-term').fill('36');
  await pickDate(page, 'trial-start', '2024-01-31');
  await expect(page.getByTestId('trial-first-payment')).toContainText('29,926.02');
  await expect(page.getByTestId('trial-total-interest')).toContainText('77,336.71');
  await expect(page.getByTestId('trial-schedule-total-interest')).toHaveText('¥77,336.71');

  // 37 months: refused on the field, and no card keeps the 36-month figures.
  await page.getByTestId('trial-term').fill('37');
  await expect(page.getByText('借款期限应为 3 到 36 个月')).toBeVisible();
  await expect(page.getByTestId('trial-invalid')).toBeVisible();
  for (const id of ['trial-first-payment', 'trial-total-interest', 'trial-total-payment', 'trial-periods'])
    await expect(page.getByTestId(id)).toContainText('—');
  await expect(page.getByTestId('trial-figures')).not.toContainText('29,926.02');
  await expect(page.getByTestId('trial-export')).toBeDisabled();
  // So is 2 months, and a term that is not a whole number.
  await page.getByTestId('trial-term').fill('2');
  await expect(page.getByText('借款期限应为 3 到 36 个月')).toBeVisible();
  await page.getByTestId('trial-term').fill('12');
  await expect(page.getByTestId('trial-invalid')).toBeHidden();
  await expect(page.getByTestId('trial-periods')).toContainText('12');
  await expect(page.getByTestId('trial-first-payment')).toContainText('85,561.66');

  // The application takes the same rule.
  await page.goto('/supplyloan/ccbftApply');
  await expect(breadcrumb(page)).toContainText('银行云贷');
  await expect(breadcrumb(page)).toContainText('申请银行云贷');
  await page.getByTestId('apply-term').fill('37');
  await page.getByTestId('apply-next').click();
  await expect(page.getByText('借款期限应为 3 到 36 个月')).toBeVisible();
});

test('cloud-loan pages carry the names users know; an over-limit drawdown is refused once', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, DEMO.merchant);
  for (const [path, words] of [
    ['/supplyloan/myfinancing/cloudComponent/CloudLoanTab', '我的融资/我的云贷'],
    ['/supplyloan/myfinancing/cloudComponent/CreditTable', '我的云贷/银行授信'],
    ['/supplyloan/myfinancing/cloudComponent/ApplyTable', '我的云贷/云贷申请记录'],
    ['/supplyloan/myfinancing/cloudComponent/RefundTotalTable', '我的云贷/还款合计'],
  ] as const) {
    await page.goto(path);
    await expect(breadcrumb(page)).toContainText(words);
    await expect(breadcrumb(page)).not.toContainText('标签页');
  }

  // The seeded credit (¥800,000.00 granted, ¥300,000.00 drawn): asking for more than is left is said on the field only.
  await page.goto('/supplyloan/myfinancing?cloudTab=credit');
  const credit = page.getByTestId('cloud-credit-table');
  await credit.locator('[data-testid^="draw-"]').first().click();
  // Said once: the field refuses the amount and the plan is never asked of the server (whose refusal
  // would say it a second time) — watched on the wire rather than waited for.
  const previews: string[] = [];
  page.on('request', (r) => void (/\/api\/cloudloan\/credits\/\d+\/preview/.test(r.url()) && previews.push(r.url())));
  await page.getByTestId('draw-amount').fill('9,000,000.00');
  await expect(page.getByText(/提款金额超过可用额度/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(previews).toEqual([]);
  await expect(page.getByText(/超过可用额度|超过可提款|可用额度不足/)).toHaveCount(1);
  await expect(page.getByTestId('draw-ok')).toBeDisabled();
});

test('purchase/sales: an order sent to 上海鑫源, which has no purchase/sales switch, reaches it as a to-do it can confirm', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const gx = await apiAs(DEMO.purchaseSales);
  const [cp] = (await (await gx.get('/api/purchase-sales/counterparties', { params: { name: '上海鑫源' } })).json()).message as {
    id: number;
    name: string;
  }[];
  const lines = [{ goodsName: '热轧卷板', spec: 'Q235B', unit: '吨', quantity: '4', unitPrice: 386_000, taxRatePpm: 130_000 }];
  const created = await (
    await gx.post('/api/purchase-sales/orders', {
      data: {
        idempotencyKey: `e2e-h2-${Date.now()}`,
        kind: 'PURCHASE',
        counterpartyEnterpriseId: cp.id,
        counterpartyName: cp.name,
        counterpartyBankName: '',
        counterpartyAccountNo: '',
        deliveryDate: '2026-12-31',
        lines,
        totalAmount: orderTotals(lines).total,
      },
    })
  ).json();
  expect(created.status, JSON.stringify(created)).toBe('OK');
  const { id, orderNo } = created.message as { id: number; orderNo: string };
  expect((await (await gx.post(`/api/purchase-sales/orders/${id}/confirm`, { data: {} })).json()).message.status).toBe('SUBMITTED');

  // 上海鑫源's home: the to-do, and the way to the order.
  await signedInAs(page, DEMO.merchant, '/');
  const todo = page.getByTestId('todo-orders');
  await expect(todo).toContainText('待确认购销订单');
  await expect(todo.locator('.ant-tag')).not.toHaveText('0');
  await expect(page.locator('.ant-layout-sider')).toContainText('购销管理');
  await todo.getByRole('link', { name: '去确认' }).click();
  await expect(page).toHaveURL(/\/purchaseSalesManage\/orderManage\?status=SUBMITTED/);
  await expect(page.getByTestId('order-new')).toHaveCount(0); // nothing of its own to create without the switch
  await page.getByTestId('order-manage').getByText(orderNo).click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('待对方确认');
  await expect(detail).toContainText('浙江远航供应链管理有限公司');
  await expect(detail.getByRole('button', { name: /退\s*回/ })).toBeVisible();
  await expect(detail.getByTestId('fulfil-open')).toHaveCount(0);
  await detail.getByRole('button', { name: '确认订单' }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('已确认');
  expect((await (await gx.get(`/api/purchase-sales/orders/${id}`)).json()).message.status).toBe('CONFIRMED');

  // The overview speaks of the orders sent to it only; targeted payment is not its page.
  await page.goto('/purchaseSalesManage');
  await expect(page.getByTestId('ps-addressed-only')).toBeVisible();
  await expect(page.getByRole('button', { name: '新建采购订单' })).toHaveCount(0);
  await expect(page.locator('.ant-layout-sider')).not.toContainText('定向支付');
  await gx.dispose();
});

test('purchase/sales: the order form’s tax rate reads in full at 1440 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInAs(page, DEMO.purchaseSales, '/purchaseSalesManage/orderManage?new=PURCHASE');
  const tax = page.getByTestId('order-form').getByTestId('line-0-tax');
  await expect(tax).toContainText('13%', { timeout: 30_000 });
  // Every element that shows the rate is wide enough for it: no "1…".
  const cut = await tax.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('*')]
      .filter((e) => e.children.length === 0 && e.textContent?.trim() === '13%')
      .map((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }))
      .filter((w) => w.scroll > w.client),
  );
  expect(cut).toEqual([]);
  const width = await tax.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThanOrEqual(80);
});

test('cloud loan: while an application waits for the bank, 银行云贷 and 还款试算 stay in the sider and the product page says where it stands', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const demo = await apiAs(DEMO.merchant);
  const applied = await (
    await demo.post('/api/cloudloan/applications', {
      data: {
        idempotencyKey: `e2e-h2-apply-${Date.now()}`,
        amount: 50_000_000,
        termMonths: 12,
        method: 'EQUAL_INSTALMENT',
        purpose: '采购原材料',
        lastYearRevenue: 1_200_000_000,
        lastYearTax: 36_000_000,
        creditEnquiryConsent: true,
        agreementAccepted: true,
        contactName: '张明',
        contactPhone: '13800138000',
      },
    })
  ).json();
  expect(applied.status, JSON.stringify(applied)).toBe('OK');
  const { id, applicationNo } = applied.message as { id: number; applicationNo: string };
  try {
    await signedInAs(page, DEMO.merchant, '/');
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('供应链融资').click();
    await expect(sider.getByText('银行云贷')).toBeVisible();
    await expect(sider.getByText('还款试算')).toBeVisible();
    await sider.getByText('银行云贷').click();
    await expect(page.getByTestId('cloudloan-product-page')).toBeVisible();
    await expect(page.getByTestId('eligibility-no')).toContainText(applicationNo);
    await expect(page.getByTestId('cloud-latest-application')).toContainText(applicationNo);
    await expect(page.getByTestId('latest-application-status')).toHaveText('银行审批中');
    await expect(page.getByTestId('go-apply')).toBeDisabled();
    await sider.getByText('还款试算').click();
    await expect(page.getByTestId('cloudloan-trial-page')).toBeVisible();
    await expect(page.getByTestId('trial-first-payment')).not.toContainText('—');
  } finally {
    // The bank says no, so the journeys after this one find the enterprise free to apply again.
    const operator = await apiAs(DEMO.operator);
    await operator.post(`/api/cloudloan/operator/applications/${id}/reject`, { data: { reason: '测试结束，退回申请' } });
    await operator.dispose();
  }
  await demo.dispose();
});
