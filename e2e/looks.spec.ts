import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginThroughPage, signedInAs } from './fixtures.ts';

// Issue 12, "Looks and time": one theme choice for every page, charts with round ticks, tables that
// fit a phone and keep amounts and long names readable. The first journey is about the theme across
// the login and logs in through the page; the others start signed in (signedInAs: one login per file).

const DARK_SURFACE = 'rgb(20, 20, 20)'; // antd's dark colorBgContainer, which the plain pages share
const PHONE = { width: 390, height: 844 };

/** No part of the page reaches past the right edge of the screen (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(width);
}

/**
 * Shows /user/autentication as for an enterprise with nothing filed yet, whoever is logged in: the
 * only uncertified demo enterprise (xinqiye) is certified by another journey, and this is about layout.
 */
async function blankAuthenticationForm(page: Page) {
  await page.route('**/api/authentication/current', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.message = { ...body.message, enterprise: { ...body.message.enterprise, certified: false }, pending: null, editable: null };
    await route.fulfill({ response, json: body });
  });
}

test('the dark theme chosen on a public page holds on every public page, the login page and mask, and in the shell', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(245, 247, 250)');

  // A visitor switches to dark on the landing page; the choice is the shell's stored one.
  await page.getByTestId('public-theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(page.locator('.fp-header')).toHaveCSS('background-color', DARK_SURFACE);
  await expect(page.locator('.fp-card').first()).toHaveCSS('background-color', DARK_SURFACE);
  expect(await page.evaluate(() => localStorage.getItem('factoringdarkTheme'))).toBe('true');

  // A fresh load of the plain login page reads it back: card and inputs dark, text light.
  await page.goto('/login');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.fp-card')).toHaveCSS('background-color', DARK_SURFACE);
  await expect(page.getByLabel('用户名')).toHaveCSS('background-color', DARK_SURFACE);
  await expect(page.getByLabel('用户名')).toHaveCSS('color', 'rgba(255, 255, 255, 0.85)');

  // The antd public pages: the plain frame around them is dark too.
  for (const path of ['/trade/register', '/trade/forgetpwd', '/trade/faq', '/trade/aboutus']) {
    await page.goto(path);
    await expect(page.locator('.fp-header')).toHaveCSS('background-color', DARK_SURFACE);
    await expect(page.locator('.ant-card').first()).toHaveCSS('background-color', DARK_SURFACE);
  }

  // The shell starts dark from the same choice.
  await loginThroughPage(page, DEMO.merchant);
  await expect(page.getByTestId('theme-switch')).toBeChecked();

  // Our own embedded page (/help, issue 24) is dark with the portal: the frame and the page inside it.
  await page.goto('/sys/embed/0');
  const frame = page.getByTestId('embed-frame');
  await expect(frame).toHaveCSS('color-scheme', 'dark');
  await expect(frame).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.frameLocator('[data-testid="embed-frame"]').locator('body')).toHaveCSS('background-color', 'rgb(20, 20, 20)');

  // The session ends: the login mask's inputs are dark like the dialog around them.
  await page.goto('/user/moneySummary');
  await expect(page.getByTestId('flow-table')).toBeVisible();
  await context.clearCookies();
  await page.getByRole('menuitem', { name: '收款方白名单' }).click(); // its list answers 401 now
  const mask = page.getByRole('dialog', { name: '登录已失效，请重新登录' });
  await expect(mask).toBeVisible();
  await expect(mask.getByLabel('用户名')).toHaveCSS('background-color', DARK_SURFACE);
  await expect(mask.getByLabel('用户名')).toHaveCSS('color', 'rgba(255, 255, 255, 0.85)');
});

test('the monthly chart draws round value ticks (0, 50万, 100万 …) and lists every month', async ({ page }) => {
  await signedInAs(page, DEMO.merchant, '/user/moneySummary');
  await page.getByTestId('monthly-chart-card').scrollIntoViewIfNeeded();
  const chart = page.getByTestId('monthly-chart');
  await expect(chart).toHaveAttribute('data-y-ticks', /\|/);
  const labels = (await chart.getAttribute('data-y-ticks'))!.split('|');
  const UNIT = { '': 1, 万: 1e4, 亿: 1e8 } as const;
  const values = labels.map((label) => {
    const m = /^(\d+(?:\.\d+)?)(万|亿)?$/.exec(label);
    expect(m, `tick ${label} is a plain number of yuan, 万 or 亿`).toBeTruthy();
    return Number(m![1]) * UNIT[(m![2] ?? '') as keyof typeof UNIT];
  });
  expect(values[0]).toBe(0);
  expect(values.length).toBeGreaterThanOrEqual(3);
  const step = values[1] - values[0];
  // 1, 2 or 5 times a power of ten, and every tick a whole multiple of it.
  expect([1, 2, 5]).toContain(step / 10 ** Math.floor(Math.log10(step)));
  values.forEach((v, i) => expect(v).toBe(i * step));
  // The figures behind the canvas: twelve months, the latest this month.
  await expect(chart.locator('tr[data-month]')).toHaveCount(12);
});

test('the cloud loans below my financing load when scrolled to, and open a loan', async ({ page }) => {
  await signedInAs(page, DEMO.merchant, '/supplyloan/myfinancing');
  await expect(page.getByTestId('my-financing-page').locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('myfinancing-cloud').scrollIntoViewIfNeeded();
  const loans = page.getByTestId('cloud-loans');
  const firstLoan = loans.locator('tbody tr.ant-table-row').first().getByRole('link');
  await expect(firstLoan).toBeVisible();
  await firstLoan.click();
  await expect(page.getByTestId('refund-plan').locator('tbody tr.ant-table-row').first()).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('a list keeps at most one fixed column, amounts on one line, and the page fits the screen', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/user/contractList');
    const table = page.getByTestId('contract-list').locator('.ant-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    const fixed = table.locator('thead th.ant-table-cell-fix-start, thead th.ant-table-cell-fix-end');
    expect(await fixed.count(), 'fixed header cells').toBeLessThanOrEqual(1);
    // Scrolled to the far right, the first row's 查看 is not under a fixed column: a tap reaches it.
    await table
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const view = table
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /查\s*看/ });
    await expect(view).toBeInViewport();
    const onTop = await view.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(onTop, '查看 is on top where it is drawn').toBe(true);
    // Every amount in the table on one line.
    const amounts = table.locator('tbody [data-money]');
    expect(await amounts.count()).toBeGreaterThan(0);
    for (const lines of await amounts.evaluateAll((els) => els.map((el) => el.getClientRects().length))) expect(lines).toBe(1);
    await expectNoSidewaysScroll(page);
  });

  test('the fund-flow date filter stays inside its card', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/user/moneySummary');
    const card = page.locator('.ant-card', { has: page.getByTestId('flow-table') });
    const picker = card.getByRole('textbox', { name: '开始日期 至 结束日期' });
    const [c, p] = [await card.boundingBox(), await picker.boundingBox()];
    expect(p!.x + p!.width).toBeLessThanOrEqual(c!.x + c!.width - 16);
    await expectNoSidewaysScroll(page);
  });

  test('the authentication form fits the screen', async ({ page }) => {
    await signedInAs(page, DEMO.merchant);
    await blankAuthenticationForm(page);
    await page.goto('/user/autentication');
    await expect(page.getByTestId('authentication-card')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a long name is cut with an ellipsis and shown whole in a tooltip', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/user/contractList');
    const cells = page.getByTestId('contract-list').locator('tbody td.ant-table-cell-ellipsis');
    await expect(cells.first()).toBeVisible({ timeout: 30_000 }); // the list, on a loaded machine
    const cut = await cells.evaluateAll((tds) => tds.findIndex((td) => td.scrollWidth > td.clientWidth));
    expect(cut, 'some name is too long for its column').toBeGreaterThanOrEqual(0);
    const cell = cells.nth(cut);
    const full = (await cell.innerText()).trim();
    await cell.locator('span').first().hover();
    await expect(page.getByRole('tooltip')).toHaveText(full);
  });

  test('the authentication form sits inside a padded card', async ({ page }) => {
    await signedInAs(page, DEMO.merchant);
    await blankAuthenticationForm(page);
    await page.goto('/user/autentication');
    const card = page.getByTestId('authentication-card');
    const body = await card.locator('.ant-card-body').boundingBox();
    const label = await card.getByText('企业名称', { exact: true }).boundingBox();
    expect(label!.x - body!.x, 'the form is inset from the card edge').toBeGreaterThanOrEqual(16);
  });
});
