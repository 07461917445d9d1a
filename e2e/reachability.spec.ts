import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, expectSignedInShell, loginThroughPage, openThroughRouter } from './fixtures.ts';

/**
 * Issue 12: every built page has a way in, the sider shows where a page sits (after a reload too),
 * the registration form tells the truth as the user types, and a refusal never shows a raw route.
 */
type Menu = { id: number; name: string; route: string | null; mpid: number | null };

/** The page shows its content: not the 404 page, not the interim "not yet open" page. */
async function expectBuiltPage(page: Page, route: string) {
  await expect(page).toHaveURL(new RegExp(`${route.replace(/[/]/g, '\\/')}(\\?.*)?$`));
  await expect(page.getByText('该功能尚未开放')).toHaveCount(0);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toHaveCount(0);
}

test('every sider entry leads to a built page, and controlled funds are reachable from 我的账户', async ({ page }) => {
  test.setTimeout(240_000); // a dozen pages, each its own lazy chunk
  await loginThroughPage(page, DEMO.merchant);
  const menus: Menu[] = (await (await page.request.get('/api/menus')).json()).message;
  const sider = page.getByTestId('sider-menu');

  // The controlled-funds pages and the supply-loan product are entries of their own now.
  await sider.getByText('账户总览').click();
  for (const name of ['受控资金', '收款方白名单', '上下游资金', '我的账户'])
    await expect(sider.getByText(name, { exact: true })).toBeVisible();
  await sider.getByText('供应链融资').click();
  await expect(sider.getByText('供应链贷款', { exact: true })).toBeVisible();

  // Every visible leaf of this user's menu opens a built page.
  const leaves = menus.filter((m) => m.route && m.mpid !== -1 && !menus.some((c) => c.mpid === m.id));
  expect(leaves.length).toBeGreaterThan(8);
  // Each opened as its sider link would, through the router (openThroughRouter: no new document per page).
  for (const leaf of leaves) {
    if (!(await openThroughRouter(page, leaf.route!))) await page.goto(leaf.route!);
    await expectSignedInShell(page);
    await expectBuiltPage(page, leaf.route!);
  }

  // 我的账户 → 受控资金 → 定向支付: the way to spend controlled funds, link by link.
  await page.goto('/user/moneySummary');
  await page.getByTestId('to-controlled-funds').click();
  await expectBuiltPage(page, '/user/moneyflowControl');
  await page.getByTestId('to-purchase-payment').click();
  await expectBuiltPage(page, '/user/purchasePayment');
  // The hidden page is shown under the entry that leads to it.
  await expect(sider.locator('.ant-menu-item-selected')).toHaveText('受控资金');
  await expect(page.locator('.ant-breadcrumb')).toContainText('受控资金');
});

test('figures that add up: credit limit = used + reserved + available, daily rates that tell tiers apart', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  const figures = page.getByTestId('card-credit').getByTestId('credit-figures').first();
  await expect(figures).toContainText('审批中占用');
  const yuan = (await figures.innerText()).match(/[\d,]+\.\d{2}/g)!.map((t) => Math.round(Number(t.replace(/,/g, '')) * 100));
  expect(yuan).toHaveLength(4);
  const [limit, used, reserved, available] = yuan;
  expect(used + reserved + available).toBe(limit);

  // The price list reached from 供应链贷款: the headline spans the tiers, each tier's daily rate differs.
  await page.goto('/supplyloan/supplyLoan');
  await page.getByRole('link', { name: '价格表' }).first().click();
  const tiers = page.getByTestId('price-list-page').locator('tbody tr.ant-table-row');
  await expect(tiers.first()).toBeVisible();
  const daily = await tiers.locator('td:nth-child(3)').allInnerTexts();
  expect(daily.length).toBeGreaterThan(1);
  expect(new Set(daily).size).toBe(daily.length);
  for (const d of daily) expect(d).toMatch(/^万分之 \d+\.\d{2}$/);
  const annual = (await tiers.locator('td:nth-child(2)').allInnerTexts()).map((t) => Number(t.replace('%', '')));
  const headline = await page.getByTestId('headline-rate').innerText();
  expect(headline).toContain(`${Math.min(...annual).toFixed(2)}%`);
});

test('after a reload the sider opens the submenu of the current page', async ({ page }) => {
  await loginThroughPage(page, DEMO.merchant);
  // Nothing opened by hand: the remembered open submenus are empty.
  await page.evaluate(() => localStorage.setItem('factoringnavOpenKeys', '[]'));
  await page.goto('/user/seeWhiteList');
  await page.reload();
  const sider = page.getByTestId('sider-menu');
  await expect(sider.locator('.ant-menu-submenu-open', { hasText: '账户总览' })).toBeVisible();
  await expect(sider.locator('.ant-menu-item-selected')).toHaveText('收款方白名单');
  // A page reached by a link (hidden from the sider) opens its section too.
  await page.goto('/supplyloan/priceList');
  await page.reload();
  await expect(sider.locator('.ant-menu-submenu-open', { hasText: '供应链融资' })).toBeVisible();
});

test('registration checks a field when it is left, keeps the error until it is fixed, never cuts or shows English bubbles', async ({
  page,
}) => {
  await page.goto('/trade/register');
  const form = page.getByTestId('register-fields');
  // noValidate: the browser's own (English) validation bubbles are off.
  await expect(form).toHaveJSProperty('noValidate', true);

  const email = page.getByLabel('邮箱');
  await email.fill('zhang@');
  await expect(page.getByText('请输入正确的邮箱地址')).toHaveCount(0); // not while typing
  await email.blur();
  await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();
  // Working on another field keeps it.
  await page.getByLabel('登录名').fill('zhang_san');
  await page.getByLabel('登录名').blur();
  await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();
  // Fixing it removes it as it is typed.
  await email.fill('zhang@xuri.example.cn');
  await expect(page.getByText('请输入正确的邮箱地址')).toHaveCount(0);

  // A long enterprise name is kept as typed and refused with a message (not cut at 50).
  const longName = `苏州旭日精密制造${'有限'.repeat(22)}公司`;
  await page.getByLabel('企业名称').fill(longName);
  await page.getByLabel('企业名称').blur();
  await expect(page.getByLabel('企业名称')).toHaveValue(longName);
  await expect(page.getByText(`企业名称不能超过 50 个字（已输入 ${longName.length} 个）`)).toBeVisible();

  // Sending the empty rest shows the form's own Chinese messages.
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('请输入手机号码')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('a refusal for an uncertified enterprise links 实名认证 instead of showing a route', async ({ page }) => {
  // A newcomer: registered through the page, activated from the mail in the outbox.
  const loginName = `lianjie_${Date.now() % 1_000_000}`;
  const email = `${loginName}@lianjie.example.cn`;
  await page.goto('/trade/register');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('登录名').fill(loginName);
  await page.getByLabel('企业名称').fill('无锡链接精密机械有限公司');
  await page.getByLabel('手机号码').fill('13912345678');
  await page.getByLabel('登录密码').fill('Lianjie2026');
  await page.getByLabel('确认密码').fill('Lianjie2026');
  await page.getByRole('checkbox').check();
  await expect(page.getByTestId('challenge-ready')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByTestId('register-done')).toContainText(email);

  const operator = await apiAs(DEMO.operator);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails: { toAddress: string; body: string }[] = (await (await operator.get('/api/bpm/outbox?page=1&size=20')).json()).message
        .items;
      link = mails.find((m) => m.toAddress === email)?.body.match(/\/trade\/activate\?token=[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  await operator.dispose();
  await page.goto(link!);
  await expect(page.getByText('账户已激活')).toBeVisible();
  await loginThroughPage(page, loginName, 'Lianjie2026');

  await page.goto('/user/moneySummary');
  await expect(page.getByText('企业尚未完成实名认证')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('/user/');
  await page
    .getByRole('link', { name: /实名认证/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/user\/autentication$/);
});
