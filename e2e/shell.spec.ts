import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, loginThroughPage, logoutThroughPage } from './fixtures.ts';

test('a visitor reads the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.getByRole('heading', { name: '供应链金融服务平台' })).toBeVisible();
  await expect(page.getByTestId('contact-phone')).toHaveText(/\d{3}-\d{3}-\d{4}/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/exception\/404$/);
  await expect(page.getByTestId('exception-404')).toBeVisible();
});

test('a business page asks a visitor to log in and returns there afterwards', async ({ page }) => {
  await page.goto('/user/contractList');
  await expect(page).toHaveURL(/\/login\?from=%2Fuser%2FcontractList$/);
  await page.getByLabel('用户名').fill(DEMO.merchant);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/user\/contractList$/);
});

test('the password travels RSA-encrypted, never in clear', async ({ page }) => {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/login') && r.method() === 'POST') bodies.push(r.postData() ?? '');
  });
  await loginThroughPage(page, DEMO.merchant);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).not.toContain(DEMO_PASSWORD);
  expect(bodies[0]).not.toContain(encodeURIComponent(DEMO_PASSWORD));
  const password = new URLSearchParams(bodies[0]).get('password')!;
  expect(Buffer.from(password, 'base64')).toHaveLength(256); // one RSA-2048 block
  await expect(page.getByTestId('dashboard')).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(DEMO.purchaseSales);
  await page.getByLabel('密码').fill('not-the-password1');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
});

test('the menu matches the user: only the warehouse user sees the warehouse section', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  const menu = page.getByTestId('sider-menu');
  await expect(menu).toContainText('账户总览');
  await expect(menu).not.toContainText('仓储管理');
  await logoutThroughPage(page);

  await loginThroughPage(page, DEMO.warehouse);
  await expect(page.getByTestId('sider-menu')).toContainText('仓储管理');
  await page.getByTestId('sider-menu').getByText('仓储管理').click();
  await page.getByTestId('sider-menu').getByText('库存明细').click();
  await expect(page).toHaveURL(/\/warehouse\/stockDetails$/);
});

test('dark theme and sider fold survive a reload', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('sider-toggle').click();
  await expect(page.getByTestId('sider')).toHaveAttribute('data-folded', 'true');
  const darkBackground = await page.locator('.ant-layout-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.reload();
  await expect(page.getByTestId('sider')).toHaveAttribute('data-folded', 'true');
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-checked', 'true');
  expect(await page.locator('.ant-layout-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(darkBackground);
  expect(await page.evaluate(() => [localStorage.getItem('factoringdarkTheme'), localStorage.getItem('factoringsiderFold')])).toEqual([
    'true',
    'true',
  ]);
  // Put the preferences back for the journeys after this one.
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('sider-toggle').click();
});

test('a 390 px wide phone gets the collapsed navbar with the menu in a popover', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginThroughPage(page, DEMO.merchant);
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await page.getByTestId('navbar-menu-button').click();
  await expect(page.getByTestId('sider-menu')).toContainText('账户总览');
  await context.close();
});

test('logout ends the session', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  await logoutThroughPage(page);
  await page.goto('/user/moneySummary');
  await expect(page).toHaveURL(/\/login\?from=/);
  const me = await page.evaluate(() => fetch('/api/user/current').then((r) => r.json()));
  expect(me.message.loginUser).toBeNull();
});
