import { orderTotals, parseYuan } from '@factoring/domain';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, loginThroughPage } from './fixtures.ts';

const SUPPLIER = { name: '江苏恒通钢材有限公司', bank: '中国工商银行无锡分行营业部', account: '1103020109000456789' };
const CORE_BUYER = '中建材华东建设集团有限公司';

/** Where screenshots go: PS_SHOTS_DIR when set (to keep them), else the test's output folder. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.PS_SHOTS_DIR ? `${process.env.PS_SHOTS_DIR}/${name}` : testInfo.outputPath(name);

/** Fills the first order line and the counterparty of the open order form, and saves the draft. */
async function fillOrder(
  page: Page,
  p: { name: string; bank: string; account: string; goods: string; quantity: string; price: string; date: string },
) {
  const form = page.getByTestId('order-form');
  await form.getByTestId('counterparty-name').fill(p.name);
  await form.getByTestId('counterparty-bank').fill(p.bank);
  await form.getByTestId('counterparty-account').fill(p.account);
  await form.getByTestId('delivery-date').click();
  await page.keyboard.type(p.date);
  await page.keyboard.press('Enter');
  await form.getByTestId('line-0').locator('input').first().fill(p.goods);
  await page.keyboard.press('Escape');
  await form.getByTestId('line-0-quantity').fill(p.quantity);
  await form.getByTestId('line-0-price').fill(p.price);
}

test('purchase and sales: a purchase order is confirmed, received and paid by targeted payment; a sales order to a core enterprise is financed by an order loan', async ({
  page,
}) => {
  test.setTimeout(240_000); // a long journey on a shared 2-core machine
  await loginThroughPage(page, DEMO.purchaseSales);

  // The feature's menu entry and its overview.
  await page.goto('/purchaseSalesManage');
  await expect(page.getByTestId('ps-overview')).toBeVisible();
  await page.getByTestId('orders-chart-card').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('orders-chart')).toBeVisible();

  // A purchase order from an off-portal supplier: 12.5 t × ¥3,860.00, 13 % VAT.
  await page.getByRole('button', { name: '新建采购订单' }).click();
  await expect(page.getByTestId('order-form')).toBeVisible();
  await fillOrder(page, {
    name: SUPPLIER.name,
    bank: SUPPLIER.bank,
    account: SUPPLIER.account,
    goods: '热轧卷板',
    quantity: '12.5',
    price: '3860',
    date: '2026-12-31',
  });
  // 12.5 × 3,860.00 = 48,250.00; × 1.13 = 54,522.50
  await expect(page.getByTestId('line-0-total')).toHaveText('¥54,522.50');
  await page.getByTestId('order-save').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('草稿');
  await expect(detail.locator('.ant-drawer-title')).toContainText('采购订单 CG');
  const orderNo = (await detail.locator('.ant-drawer-title').innerText()).replace('采购订单', '').trim();
  expect(orderNo).toMatch(/^CG\d{14}$/);

  // Confirm it (the supplier is not on the portal, so it is confirmed at once).
  await detail.getByRole('button', { name: '确认订单' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确认订单' }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('已确认');

  // Record the receipt of all of it.
  await detail.getByTestId('fulfil-open').click();
  const receipt = page.getByRole('dialog', { name: /登记收货/ });
  await expect(receipt.getByTestId('fulfil-1')).toHaveValue('12.500');
  await receipt.getByRole('button', { name: /登\s*记/ }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('已收货');

  // Pay it by targeted payment: outstanding prefilled, the whitelisted supplier chosen, controlled funds first.
  await detail.getByRole('button', { name: '定向支付' }).click();
  await expect(page.getByTestId('targeted-payment')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveValue('54522.50');
  await expect(page.getByTestId('payment-payee')).toContainText(SUPPLIER.name);
  await expect(page.getByTestId('split-free')).toBeVisible();
  await page.getByTestId('payment-submit').click();
  const confirm = page.getByRole('dialog', { name: '确认定向支付' });
  await expect(confirm.getByTestId('confirm-summary')).toContainText('¥54,522.50');
  await confirm.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await confirm.getByTestId('confirm-ok').click();
  const result = page.getByTestId('payment-result');
  await expect(result).toContainText('定向支付成功');
  await expect(result).toContainText('已付清');
  await expect(result.getByTestId('result-outstanding')).toHaveText('¥0.00');

  // The order is paid, also in the order list.
  await result.getByRole('button', { name: '查看订单' }).click();
  await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('已付清');
  await expect(page.getByTestId('order-detail').getByTestId('order-outstanding')).toHaveText('¥0.00');
  await page.getByTestId('order-detail').locator('.ant-drawer-close').click();
  await expect(page.getByTestId('order-manage').locator('tr', { hasText: orderNo })).toContainText('已付清');

  // A sales order to the core enterprise of the 中建材 platform, confirmed.
  await page.getByTestId('order-new').click();
  await page.getByRole('menuitem', { name: '销售订单' }).click();
  await fillOrder(page, {
    name: CORE_BUYER,
    bank: '中国建设银行南京城南支行',
    account: '32001881236052512345',
    goods: '螺纹钢',
    quantity: '50',
    price: '3700',
    date: '2026-12-20',
  });
  await page.getByTestId('order-save').click();
  const sales = page.getByTestId('order-detail');
  await expect(sales.getByTestId('order-status')).toHaveText('草稿');
  await expect(sales.locator('.ant-drawer-title')).toContainText('销售订单 XS');
  const salesNo = (await sales.locator('.ant-drawer-title').innerText()).replace('销售订单', '').trim();
  await sales.getByRole('button', { name: '确认订单' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确认订单' }).click();
  await expect(sales.getByTestId('order-status')).toHaveText('已确认');

  // Finance it through the order loan: picked from the sales orders instead of typed again.
  await page.goto('/supplyloan/orderLoan');
  const loan = page.getByTestId('order-loan-page');
  await loan.getByLabel('授信（平台）').click();
  await page.locator('.ant-select-item-option', { hasText: '中建材华东供应链金融平台' }).click();
  await loan.getByTestId('financeable-order-picker').click();
  await page.locator('.ant-select-item-option', { hasText: salesNo }).click();
  await expect(loan.getByLabel(/采购订单号/)).toHaveValue(salesNo);
  // 50 × 3,700.00 × 1.13 = 209,050.00
  await expect(loan.getByLabel('订单金额（元）')).toHaveValue('209050.00');
  await loan.getByLabel('融资金额（元）').fill('100000');
  await loan.getByLabel('融资期限（天）').fill('60');
  await loan.getByRole('button', { name: '提交申请' }).click();
  await page.getByRole('dialog', { name: '确认提交订单融资' }).getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText(/订单融资申请已提交，融资编号/)).toBeVisible();

  // The sales order now shows the loan it backs.
  await page.goto(`/purchaseSalesManage/orderManage`);
  await expect(page.getByTestId('order-manage').locator('tr', { hasText: salesNo })).toContainText('已融资');
});

test("the factor's collection of a sales order: recorded at the operator desk, credited only when a second operator approves it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The seller (gouxiao) has a confirmed sales order to a buyer off the portal: 1 t × ¥3,700.00 + 13 % VAT = ¥4,181.00.
  const seller = await apiAs(DEMO.purchaseSales);
  const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '1', unitPrice: 370_000, taxRatePpm: 130_000 }];
  const created = await (
    await seller.post('/api/purchase-sales/orders', {
      data: {
        idempotencyKey: `e2e-ps-collection-${Date.now()}`,
        kind: 'SALES',
        counterpartyName: '杭州临平建工集团有限公司',
        counterpartyBankName: '杭州银行',
        counterpartyAccountNo: '3301040160012345678',
        deliveryDate: '2026-12-20',
        lines,
        totalAmount: orderTotals(lines).total,
      },
    })
  ).json();
  expect(created.status).toBe('OK');
  const { id, orderNo } = created.message as { id: number; orderNo: string };
  expect((await (await seller.post(`/api/purchase-sales/orders/${id}/confirm`, { data: {} })).json()).status).toBe('OK');
  const available = async (api: APIRequestContext) =>
    ((await (await api.get('/api/account/v2/queryAccountBalance')).json()).message as { available: number }).available;
  const before = await available(seller);

  // The operator records the buyer's payment at the purchase/sales desk: submitted for review, not credited.
  await loginThroughPage(page, DEMO.operator);
  await page.goto('/bpm/tasks?tab=purchaseSales');
  await page.getByPlaceholder('订单号（至少 4 位）').fill(orderNo);
  await page.getByPlaceholder('订单号（至少 4 位）').press('Enter');
  await page.getByTestId('ps-operator').locator('tr', { hasText: orderNo }).getByRole('button', { name: '登记回款' }).click();
  const dialog = page.getByRole('dialog', { name: `登记回款 ${orderNo}` });
  await expect(dialog).toContainText('购销回款入账复核');
  await dialog.getByLabel('到账金额（元）').fill('4,181.00');
  await dialog.getByLabel('付款人').fill('杭州临平建工集团有限公司');
  await dialog.getByRole('button', { name: '提交复核' }).click();
  const submitted = page.getByTestId('collection-submitted');
  await expect(submitted).toContainText(`${orderNo} 回款 ¥4,181.00：已提交，待另一位操作员复核入账`);
  const taskNo = /任务 #(\d+)/.exec(await submitted.innerText())![1];
  expect(await available(seller)).toBe(before);

  // The second operator (钱核) checks it against the bank and approves: only now is the seller credited.
  const checker = await apiAs(DEMO.checker);
  const approved = await (await checker.post(`/api/bpm/tasks/${taskNo}/approve`, { data: { comment: '已核对银行回单' } })).json();
  expect(approved.status).toBe('OK');
  await checker.dispose();
  expect(await available(seller)).toBe(before + parseYuan('4181.00'));
  const order = (await (await seller.get(`/api/purchase-sales/orders/${id}`)).json()).message as { paidAmount: number };
  expect(order.paidAmount).toBe(418_100);
  await seller.dispose();
});

test('purchase/sales pages at 1440 and 390 px, light and dark', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginThroughPage(page, DEMO.purchaseSales);
  for (const dark of [false, true]) {
    await page.evaluate((d) => localStorage.setItem('factoringdarkTheme', JSON.stringify(d)), dark);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      for (const [name, path, ready] of [
        ['overview', '/purchaseSalesManage', 'orders-chart'],
        ['orders', '/purchaseSalesManage/orderManage', 'order-manage'],
        ['payment', '/purchaseSalesManage/targetedPayment', 'targeted-payment'],
      ] as const) {
        await page.goto(path);
        // The overview's chart loads when scrolled into view.
        if (name === 'overview') await page.getByTestId('orders-chart-card').scrollIntoViewIfNeeded();
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
        await page.screenshot({ path: shot(testInfo, `ps-${name}-${width}-${dark ? 'dark' : 'light'}.png`), fullPage: true });
      }
      if (width === 1440) {
        await page.goto('/purchaseSalesManage/orderManage');
        await page.getByTestId('order-manage').locator('tbody tr.ant-table-row').first().click();
        await expect(page.getByTestId('order-actions')).toBeVisible();
        await page.screenshot({ path: shot(testInfo, `ps-detail-${width}-${dark ? 'dark' : 'light'}.png`) });
      }
    }
  }
});
