import { expect, test } from '@playwright/test';
import { DEMO, loginThroughPage } from './fixtures.ts';

/**
 * Who takes delivery of redeemed pledge goods (issue 14): from the menu the demo enterprise opens
 * 指定签收人, sees its seeded signer with the ID card masked, is told why a wrong ID card is refused,
 * adds a signer and sees it masked; 下游客户 lists its seeded customer.
 */
test('pledge delivery: designated signers with masked ID cards, downstream customers', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  await page.getByRole('menuitem', { name: /货押融资/ }).click();
  await page.getByRole('menuitem', { name: '指定签收人' }).click();
  await expect(page).toHaveURL(/\/pledge\/signPersonGuide$/);
  const signers = page.getByTestId('sign-person-page');
  await expect(signers).toContainText('赵德胜');
  await expect(signers).toContainText('320583********2312');
  await expect(signers).not.toContainText('320583198506122312');

  await page.getByTestId('add-sign-person').click();
  await page.getByLabel('签收人姓名').fill('孙签收');
  await page.getByLabel('身份证号码').fill('310115198803152318');
  await page.getByLabel('手机号码').fill('13700002222');
  await page.getByTestId('save-sign-person').click();
  await expect(page.getByText('身份证号码校验位不正确')).toBeVisible();
  await page.getByLabel('身份证号码').fill('310115198803152315');
  await page.getByTestId('save-sign-person').click();
  await expect(page.getByLabel('签收人姓名')).toBeHidden();
  await expect(signers).toContainText('孙签收');
  await expect(signers).toContainText('310115********2315');
  await expect(signers).toContainText('137****2222');

  await page.getByRole('menuitem', { name: '下游客户' }).click();
  await expect(page).toHaveURL(/\/pledge\/supplyLoanKH$/);
  await expect(page.getByTestId('pledge-customers-page')).toContainText('无锡宏远金属制品有限公司');
});
