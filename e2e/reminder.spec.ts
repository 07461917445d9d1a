import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectSignedInShell } from './fixtures.ts';

test('after login the expiry reminder shows both counts and links to the lists (SPEC §4)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(DEMO.merchant);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  const supply = page.waitForResponse((r) => r.url().includes('/api/credit/querywillexpire'));
  const pledge = page.waitForResponse((r) => r.url().includes('/api/stockloan/credit/querywillexpire'));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const [supplyBody, pledgeBody] = await Promise.all([(await supply).json(), (await pledge).json()]);

  // The seeded pledge credit line expires within 30 days; the modal shows what the two calls answered.
  expect(pledgeBody.message.totalCount).toBeGreaterThan(0);
  const reminder = page.getByRole('dialog', { name: '到期提醒' });
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText(`供应链授信即将到期：${supplyBody.message.totalCount} 笔`);
  await expect(reminder).toContainText(`货押授信即将到期：${pledgeBody.message.totalCount} 笔`);

  await reminder.getByRole('link', { name: '查看' }).nth(1).click();
  await expect(page).toHaveURL(/\/pledge\/myPlatform$/);
  await expect(reminder).toBeHidden();

  // Once per login: a reload does not open it again, the bell keeps the counts.
  await page.reload();
  await expectSignedInShell(page);
  await expect(page.getByRole('dialog', { name: '到期提醒' })).toBeHidden();
});
