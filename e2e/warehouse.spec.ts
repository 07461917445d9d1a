import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, loginThroughPage, confirmDecision } from './fixtures.ts';

/** Picks an option of an antd Select, typing to search first. */
async function pick(page: Page, testId: string, search: string, option: string | RegExp) {
  const select = page.getByTestId(testId);
  await select.click();
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

const BATCH = `E2E-${Date.now().toString(36).toUpperCase()}`;

test('the supervised warehouse: stock-in seen by the depositor, a refused stock-out, a receipt, and a stock-take approved by the operator', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The depositor's coil in Suzhou before this journey (journeys before it may have pledged or delivered some).
  const depositorContext = await browser.newContext();
  const depositor = await depositorContext.newPage();
  await loginThroughPage(depositor, DEMO.merchant);
  const coilTotalMilli = async () => {
    const stock = (await (await depositor.request.get('/api/warehouse/my-stock')).json()) as {
      message: { warehouseName: string; goodsName: string; total: string }[];
    };
    const row = stock.message.find((r) => r.warehouseName === '安储苏州工业园区监管仓' && r.goodsName === '热轧卷板');
    return Math.round(Number(row?.total ?? 0) * 1000);
  };
  const coilBefore = await coilTotalMilli();

  // The warehouse user reaches the warehouse section from the menu and records a stock-in.
  await loginThroughPage(page, DEMO.warehouse);
  await page.getByRole('menuitem', { name: /仓储管理/ }).click();
  await page.getByRole('menuitem', { name: '出入库' }).click();
  await expect(page).toHaveURL(/\/warehouse\/outIncoming$/);
  await page.getByTestId('open-stock-in').click();
  await pick(page, 'in-warehouse', '', '安储苏州工业园区监管仓');
  await pick(page, 'in-location', '', 'A-01');
  await pick(page, 'in-depositor', '鑫源', '上海鑫源贸易有限公司');
  await pick(page, 'in-goods', '热轧', '热轧卷板');
  await page.getByLabel('批次号').fill(BATCH);
  // Four decimals for a tonnes item are refused before anything is sent.
  await page.getByTestId('in-quantity').fill('88.8885');
  await page.getByTestId('in-document').fill('RK-E2E-0001');
  await page.getByRole('button', { name: '确认入库' }).click();
  await expect(page.getByText('入库数量最多 3 位小数')).toBeVisible();
  await page.getByTestId('in-quantity').fill('88.888');
  await page.getByRole('button', { name: '确认入库' }).click();
  await expect(page.getByText(/入库已登记：KC\d+/)).toBeVisible();
  const inRow = page.getByTestId('movement-table').locator('tr', { hasText: BATCH });
  await expect(inRow).toContainText('入库');
  await expect(inRow).toContainText('88.888 吨');

  // The depositor sees it among its own stock (/pledge/goodsGuide, menu 货押融资 → 监管仓库).
  await depositor.goto('/pledge/goodsGuide');
  await expect(depositor.getByTestId('guide-warehouse')).toHaveCount(2);
  await depositor.getByRole('tab', { name: '我的库存' }).click();
  const steelRow = depositor
    .getByTestId('my-stock-table')
    .locator('tr', { hasText: '安储苏州工业园区监管仓' })
    .filter({ hasText: '热轧卷板' });
  // What it held (950.250 + 100.000 moved to A-02 in the demo history, less what earlier journeys delivered), plus 88.888 now.
  expect(await coilTotalMilli()).toBe(coilBefore + 88_888);
  await expect(steelRow).toContainText(((coilBefore + 88_888) / 1000).toLocaleString('en-US', { minimumFractionDigits: 3 }));
  await depositorContext.close();

  // A stock-out beyond the available quantity is refused, on the quantity field.
  await page.getByTestId('open-stock-out').click();
  await pick(page, 'out-position', BATCH, BATCH);
  await expect(page.getByTestId('summary-available')).toHaveText('88.888 吨');
  await page.getByTestId('out-quantity').fill('100');
  await page.getByTestId('out-document').fill('CK-E2E-0001');
  await page.getByRole('button', { name: '确认出库' }).click();
  await expect(page.getByTestId('stock-out-form')).toContainText('可用库存不足：可用数量 88.888吨，本次需要 100.000吨');
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // Issue a receipt for 50 tonnes from the inventory.
  await page.getByRole('menuitem', { name: '库存明细' }).click();
  await expect(page).toHaveURL(/\/warehouse\/stockDetails$/);
  const position = page.getByTestId('position-table').locator('tr', { hasText: BATCH });
  await expect(position.getByTestId('position-available')).toHaveText('88.888');
  await position.getByTestId('position-issue-receipt').click();
  await page.getByTestId('action-quantity').fill('50');
  await page.getByRole('button', { name: '确认开立' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('仓单已开立');
  await page.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await expect(position.getByTestId('position-available')).toHaveText('38.888');
  await page.getByRole('tab', { name: '电子仓单' }).click();
  await expect(page.getByTestId('receipt-table').locator('tr', { hasText: BATCH })).toContainText('50.000 吨');

  // Stock-take of location A-01: the new batch counts 88.000 (a shortfall of 0.888).
  await page.getByRole('tab', { name: '盘点' }).click();
  await page.getByTestId('open-stock-take').click();
  await pick(page, 'take-warehouse', '', '安储苏州工业园区监管仓');
  await pick(page, 'take-location', '', 'A-01');
  const form = page.getByTestId('stock-take-form');
  const rows = form.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const book = (await row.locator('td').nth(2).innerText()).replace(/[^\d.]/g, '');
    await row.locator('input').fill((await row.innerText()).includes(BATCH) ? '88' : book);
  }
  await page.getByRole('button', { name: '提交盘点' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('盘点已提交');
  await page.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await expect(page.getByTestId('stock-take-table').locator('tbody tr.ant-table-row').first()).toContainText('待审核');

  // The operator approves the adjustment in the inbox.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await loginThroughPage(operator, DEMO.operator);
  // The stock takes' own inbox: pending work is listed oldest first, ten to a page.
  await operator.goto('/bpm/tasks?type=WAREHOUSE_STOCK_TAKE');
  const task = operator.getByTestId('task-table').locator('tr', { hasText: '库存盘点调整：安储苏州工业园区监管仓 A-01' }).first();
  await task.getByRole('button', { name: '审核' }).click();
  await expect(operator.getByTestId('task-fields')).toContainText('盘亏 0.888吨');
  await operator.getByTestId('approve-task').click();
  await confirmDecision(operator);
  await expect(operator.getByTestId('task-state')).toHaveText('已通过');
  await operatorContext.close();

  // The adjustment is on the books: 88.000 in total, 38.000 available, 50 under the receipt.
  await page.reload();
  await expect(page.getByTestId('position-table').locator('tr', { hasText: BATCH }).getByTestId('position-available')).toHaveText('38.000');
  await page.getByRole('tab', { name: '盘点' }).click();
  await expect(page.getByTestId('stock-take-table').locator('tbody tr.ant-table-row').first()).toContainText('已调整');
});

test('endorsing a receipt: the receiver checked by its credit code and named in full, then confirmed with the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The warehouse company issues a 1 t receipt to 上海鑫源 from its available coil.
  const keeper = await apiAs(DEMO.warehouse);
  const positions = (await (await keeper.get('/api/warehouse/positions', { params: { size: 200 } })).json()).message.items as {
    id: number;
    depositorName: string;
    goodsName: string;
    available: string;
  }[];
  const coil = positions.find((p) => p.depositorName === '上海鑫源贸易有限公司' && p.goodsName === '热轧卷板' && Number(p.available) >= 1)!;
  const issued = (
    await (
      await keeper.post('/api/warehouse/receipts/issue', {
        data: { positionId: coil.id, quantity: '1', idempotencyKey: `e2e-${Date.now()}` },
      })
    ).json()
  ).message as { receiptNo: string; contentHash: string };
  await keeper.dispose();

  await loginThroughPage(page, DEMO.merchant);
  await page.goto('/pledge/goodsGuide');
  await page.getByRole('tab', { name: '我的仓单' }).click();
  const row = page.getByTestId('receipt-table').locator('tr', { hasText: issued.receiptNo });
  await row.getByTestId('receipt-endorse').click();
  // A code failing GB 32100 is caught when the field is left; a valid one names the receiver.
  const uscc = page.getByTestId('endorse-uscc');
  await uscc.fill('91330106MA2GL7QX1X');
  await uscc.blur();
  await expect(page.getByText('统一社会信用代码校验位不正确')).toBeVisible();
  await expect(page.getByRole('button', { name: '下一步' })).toBeDisabled();
  await uscc.fill('91330106ma2gl7qx1f');
  await uscc.blur();
  await expect(page.getByTestId('endorsee')).toContainText('浙江远航供应链管理有限公司');
  await page.getByRole('button', { name: '下一步' }).click();
  // The confirmation names who receives title, and takes the holder's password.
  const summary = page.getByTestId('confirm-summary');
  await expect(summary).toContainText(issued.receiptNo);
  await expect(summary).toContainText('浙江远航供应链管理有限公司');
  await expect(summary).toContainText('91330106MA2GL7QX1F');
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('仓单已背书转让给 浙江远航供应链管理有限公司')).toBeVisible();
  await expect(page.getByTestId('receipt-table').locator('tr', { hasText: issued.receiptNo })).toHaveCount(0);

  // The hash printed before the endorsement no longer verifies: the receipt has a new version.
  await page.getByRole('tab', { name: '仓单核验' }).click();
  await page.getByLabel('仓单编号').fill(issued.receiptNo);
  await page.getByLabel('内容哈希').fill(issued.contentHash);
  await page.getByRole('button', { name: /核\s*验/ }).click();
  await expect(page.getByTestId('verify-mismatch')).toBeVisible();
});
