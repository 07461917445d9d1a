import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiAs, BASE_URL, DEMO, DEMO_PASSWORD, loginThroughPage, confirmDecision } from './fixtures.ts';

/** Where screenshots go: PLEDGE_SHOTS_DIR when set (to keep them), else the test's output folder. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.PLEDGE_SHOTS_DIR ? `${process.env.PLEDGE_SHOTS_DIR}/${name}` : testInfo.outputPath(name);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL };

/** A pledge application of the demo enterprise through the API of its own browser session: 5 t of coil for 10,000.00. */
async function applyInSession(page: Page) {
  const platforms = (await (await page.request.get('/api/pledge/platforms', { headers: HEADERS })).json()).message;
  const platform = platforms.find(
    (p: { creditLine: unknown; terms: { goodsName: string }[] }) => p.creditLine && p.terms.some((t) => t.goodsName === '热轧卷板'),
  );
  const stock = (await (await page.request.get('/api/pledge/stock', { headers: HEADERS })).json()).message;
  const position = stock.find((s: { batchNo: string }) => s.batchNo === 'RB2610-01');
  const res = await page.request.post('/api/pledge/financings', {
    headers: HEADERS,
    data: {
      creditLineId: platform.creditLine.id,
      lines: [{ positionId: position.positionId, quantity: '5' }],
      amount: 1_000_000,
      termDays: 90,
      idempotencyKey: randomUUID(),
    },
  });
  const body = await res.json();
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message as { id: number; financingNo: string; margin: number };
}

/** Screenshots at 1440 and 390 px, light and dark — only when PLEDGE_SHOTS_DIR asks for them (CI keeps the journey short). */
async function shoot(page: Page, testInfo: TestInfo, name: string, ready: string) {
  if (!process.env.PLEDGE_SHOTS_DIR) return;
  for (const dark of [false, true]) {
    await page.evaluate((d) => localStorage.setItem('factoringdarkTheme', JSON.stringify(d)), dark);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.reload();
      await expect(page.getByTestId(ready)).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await page.screenshot({ path: shot(testInfo, `pledge-${name}-${width}-${dark ? 'dark' : 'light'}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('factoringdarkTheme', 'false'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Pledge contracts and bank-transfer vouchers (issue 14): the demo enterprise signs the pledge
 * contract and margin agreement on the margin page, pays the margin by uploading a transfer voucher
 * (confirmed before it is sent), and sees the reference number; the operator sees both contracts
 * signed on the approval task and confirms the voucher in /bpm/tasks; the margin is then paid. After
 * approval and disbursement the enterprise repays part by voucher on /pledge/repaymentVoucher.
 */
test('pledge: sign both contracts, margin and repayment by bank-transfer voucher, the operator confirms', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  await loginThroughPage(page, DEMO.merchant);
  const applied = await applyInSession(page);

  await page.goto(`/pledge/bondVoucher?id=${applied.id}`);
  const contracts = page.getByTestId('pledge-contracts');
  await expect(contracts.getByTestId('contract-status-PLEDGE')).toHaveText('待签署');
  await expect(contracts.getByTestId('contract-status-MARGIN')).toHaveText('待签署');
  await shoot(page, testInfo, 'bondVoucher', 'voucher-form');

  // Both contracts signed in place, with the password.
  for (const type of ['PLEDGE', 'MARGIN']) {
    await contracts
      .getByRole('listitem')
      .filter({ has: page.getByTestId(`contract-status-${type}`) })
      .getByRole('button', { name: /签\s*署/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '签署合同' });
    await dialog.getByLabel('我已阅读并同意本合同全部条款').check();
    await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: '确认签署' }).click();
    await expect(dialog).toBeHidden();
    // Signed by the enterprise; the factor countersigns when the operator approves (issue 37).
    await expect(contracts.getByTestId(`contract-status-${type}`)).toHaveText('待保理方会签');
  }
  await expect(contracts).toContainText('合同已全部签署');

  // The margin by transfer voucher: asked to confirm before it is sent, then the result page.
  const form = page.getByTestId('voucher-form');
  await form.getByLabel('付款账户名称').fill('上海演示钢贸有限公司');
  await form.getByLabel('付款账号').fill('6222020000001234');
  await form
    .getByTestId('voucher-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').first()).toBeVisible();
  await form.getByRole('button', { name: '提交转账凭证' }).click();
  const confirm = page.getByRole('dialog', { name: '确认提交保证金转账凭证' });
  await expect(confirm).toContainText('¥1,000.00');
  await confirm.getByTestId('confirm-voucher').click();
  await expect(page).toHaveURL(/\/pledge\/voucherSucess\?voucher=\d+/);
  const result = page.getByTestId('pledge-voucher-result');
  await expect(result).toContainText('转账凭证已提交，等待运营确认到账');
  await expect(result).toContainText(/PZ\d{14}/);
  await shoot(page, testInfo, 'voucherSucess', 'pledge-voucher-result');

  // The operator: the voucher in /bpm/tasks, confirmed; the approval task then shows both contracts signed.
  const operatorContext = await browser.newContext();
  const op = await operatorContext.newPage();
  await loginThroughPage(op, DEMO.operator);
  // Each inbox opened on its task's type: pending work is listed oldest first, ten to a page.
  await op.goto('/bpm/tasks?type=PLEDGE_MARGIN_VOUCHER');
  await op
    .getByRole('row')
    .filter({ hasText: applied.financingNo })
    .filter({ hasText: '质押保证金转账确认' })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  await expect(op.getByTestId('task-attachments')).toBeVisible();
  await op.getByTestId('approve-task').click();
  await confirmDecision(op);
  await expect(op.getByTestId('task-state')).toHaveText('已通过');
  await op.keyboard.press('Escape');
  await op.goto('/bpm/tasks?type=PLEDGE_APPROVAL');
  await op
    .getByRole('row')
    .filter({ hasText: applied.financingNo })
    .filter({ hasText: '质押融资审批' })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  const fields = op.getByTestId('task-facts');
  await expect(fields).toContainText(/质押合同签署\s*已签署/);
  await expect(fields).toContainText(/保证金协议签署\s*已签署/);
  await op.screenshot({ path: shot(testInfo, 'pledge-approval-drawer-1440-light.png') });
  await operatorContext.close();

  await page.reload();
  await expect(result).toContainText('已确认到账');

  // Approved and disbursed (by a second operator where the demo world has one), then part repaid by voucher.
  const operator = await apiAs(DEMO.operator);
  const decide = async (api: typeof operator, type: string) => {
    const list = (await (await api.get('/api/bpm/tasks', { params: { type, state: 'PENDING', size: 200 } })).json()).message;
    const task = list.items.find((i: { refId: string }) => i.refId === String(applied.id));
    const res = await (await api.post(`/api/bpm/tasks/${task.id}/approve`, { data: { comment: 'E2E' } })).json();
    expect(res.status, JSON.stringify(res)).toBe('OK');
  };
  await decide(operator, 'PLEDGE_APPROVAL');
  const checker = await apiAs('fuhe').catch(() => operator);
  await decide(checker, 'PLEDGE_DISBURSE');

  await page.goto(`/pledge/repaymentList?id=${applied.id}`);
  await page.getByRole('link', { name: '线下转账还款（上传凭证）' }).click();
  await expect(page).toHaveURL(/\/pledge\/repaymentVoucher\?id=/);
  const repay = page.getByTestId('pledge-repayment-voucher');
  await expect(repay).toContainText('¥10,000.00');
  await shoot(page, testInfo, 'repaymentVoucher', 'voucher-form');
  await repay.getByLabel('转账金额（元）').fill('20,000');
  await repay.getByLabel('付款账户名称').fill('上海演示钢贸有限公司');
  await repay.getByLabel('付款账号').fill('6222020000001234');
  await repay.getByRole('button', { name: '提交转账凭证' }).click();
  await expect(repay).toContainText('转账金额不能超过应还金额 10,000.00 元');
  await repay.getByLabel('转账金额（元）').fill('4,000');
  await repay
    .getByTestId('voucher-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: '还款回单.png', mimeType: 'image/png', buffer: PNG });
  await expect(repay.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').first()).toBeVisible();
  await repay.getByRole('button', { name: '提交转账凭证' }).click();
  await page.getByRole('dialog', { name: '确认提交还款转账凭证' }).getByTestId('confirm-voucher').click();
  await expect(page.getByTestId('pledge-voucher-result')).toContainText('¥4,000.00');
  await operator.dispose();
});
