import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, dismissReminder, loginThroughPage } from './fixtures.ts';

/**
 * Goods-pledge journey (issue 14), first part: the demo enterprise reaches the pledge platform from
 * the menu, pledges 10 t of hot-rolled coil with the live trial showing value, maximum and margin,
 * pays the margin from its account behind the password dialog, and sees the financing waiting for
 * approval; the operator sees the coil on the price desk in /bpm/tasks.
 */
test('pledge: apply with the live trial, pay the margin, the operator’s price desk', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginThroughPage(page, DEMO.merchant);
  await dismissReminder(page);
  await page.getByRole('menuitem', { name: /货押融资/ }).click();
  await page.getByRole('menuitem', { name: '平台' }).click();
  await expect(page).toHaveURL(/\/pledge\/myPlatform$/);
  const platforms = page.getByTestId('pledge-platforms');
  await expect(platforms).toContainText('安储仓单质押融资平台');
  await expect(platforms).toContainText('热轧卷板');
  await expect(platforms).toContainText('¥3,850.00/吨');
  await page.getByRole('button', { name: '发起融资' }).first().click();
  await expect(page).toHaveURL(/\/pledge\/applyFinacing/);

  await page.getByLabel('质押数量 RB2610-01').first().fill('10');
  await page.getByLabel('融资金额（元）').fill('20,000');
  const trial = page.getByTestId('pledge-trial');
  // 10 t × 3,850.00 = 38,500.00; × 70 % = 26,950.00; margin 10 % of 20,000.00 = 2,000.00.
  await expect(trial).toContainText('¥38,500.00');
  await expect(trial).toContainText('¥26,950.00');
  await expect(trial).toContainText('¥2,000.00');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('质押融资申请已提交')).toBeVisible();

  await page.getByRole('button', { name: '缴纳保证金' }).click();
  await expect(page).toHaveURL(/\/pledge\/bondVoucher/);
  await page.getByRole('button', { name: /从账户支付/ }).click();
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('保证金已缴纳，等待审批')).toBeVisible();
  await page.getByRole('button', { name: '我的融资' }).click();
  await expect(page.getByTestId('pledge-financings')).toContainText('保证金已缴');

  const operatorContext = await browser.newContext();
  const op = await operatorContext.newPage();
  await loginThroughPage(op, DEMO.operator);
  await op.goto('/bpm/tasks');
  await op.getByRole('tab', { name: '质押货物价格' }).click();
  await expect(op.getByTestId('pledge-prices')).toContainText('热轧卷板：¥3,850.00/吨');
  await operatorContext.close();
});
