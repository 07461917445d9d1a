import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, BASE_URL, DEMO, loginThroughPage } from './fixtures.ts';

/**
 * Issue 27, the risk desk's read-only slice: the operator opens 风险管理 from the sider, reads the
 * exposure (the book's total as the API answers it), drills into the financings of a row, exports the
 * exposure to Excel (money as numbers; the totals row equals the book), reads the aging and books the
 * risk reserve there (已计提 then equals 应计提), reads the collateral watch, the trends and the limits —
 * at 1440 and 390 px, in the light and the dark theme.
 */

type Exposure = { book: { total: number; count: number }; byProduct: { key: string; label: string; total: number; count: number }[] };

const ok = async <T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> => {
  const body = (await (await res).json()) as { status: string; message: T };
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message;
};
const yuanText = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let api: APIRequestContext;
test.beforeAll(async () => {
  // The second operator reads the API, so the page's operator session is never replaced.
  api = await apiAs(DEMO.checker);
});
test.afterAll(async () => api?.dispose());

async function noSidewaysScroll(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(width + 1);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`the operator reads the risk desk (${theme}, ${width} px)`, async ({ page, context }) => {
      await context.addInitScript((dark) => localStorage.setItem('factoringdarkTheme', dark ? 'true' : 'false'), theme === 'dark');
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      await loginThroughPage(page, DEMO.operator);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

      if (width === 1440) {
        // The operator's sider has the entry.
        await page.getByRole('menuitem', { name: /风险管理/ }).click();
        await expect(page).toHaveURL(/\/bpm\/risk$/);
      } else {
        await page.goto('/bpm/risk');
      }
      const desk = page.getByTestId('risk-page');
      await expect(desk).toBeVisible();

      // 敞口: the book's total as the API computes it; one row per product with its share.
      const e = await ok<Exposure>(api.get('/api/bpm/risk/exposure'));
      await expect(page.getByTestId('risk-book-total')).toContainText(yuanText(e.book.total));
      const table = page.getByTestId('risk-exposure-table');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(e.byProduct.length);
      await expect(table).toContainText('货押融资');
      await expect(table).toContainText('%');

      // Drill-down: the financings behind the biggest product.
      const biggest = [...e.byProduct].sort((a, b) => b.total - a.total)[0];
      if (biggest.count > 0) {
        await table.locator('tbody tr.ant-table-row', { hasText: biggest.label }).getByRole('button', { name: '查看' }).click();
        const drill = page.getByTestId('risk-drill-table');
        await expect(drill.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(biggest.count, 20));
        await page.locator('.ant-drawer-close').click();
        await expect(drill).toBeHidden();
      }

      // Excel (once, on the wide light screen): money as numbers, the totals row equals the book.
      if (width === 1440 && theme === 'light') {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /导出 Excel/ }).click();
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
        const sheet = wb.getWorksheet('风险敞口')!;
        let totals: ExcelJS.Row | undefined;
        sheet.eachRow((row) => {
          if (row.getCell(1).value === '合计') totals = row;
        });
        expect(totals).toBeDefined();
        const cell = totals!.getCell(6).value as { result?: number } | number;
        const total = typeof cell === 'number' ? cell : cell.result;
        expect(Math.round((total ?? 0) * 100)).toBe(e.book.total);
        const header = sheet.getRow(5);
        expect(header.getCell(3).value).toBe('未偿本金（元）');
        expect(typeof sheet.getRow(6).getCell(3).value).toBe('number');
      }
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('exposure.png'), fullPage: true });

      // 账龄: buckets, the non-performing figure and the reserve required.
      await page.getByRole('tab', { name: '账龄' }).click();
      await expect(page.getByTestId('risk-aging-table')).toBeVisible();
      await expect(page.getByTestId('risk-aging-table')).toContainText('90 天以上（不良）');
      await expect(page.getByTestId('risk-reserve')).toContainText('¥');

      // 风险准备金: the operator books the difference (once; later rounds find nothing to book), confirming the amount.
      const reserve = page.getByTestId('risk-reserve-card');
      await expect(reserve.getByTestId('risk-reserve-table')).toContainText('专项准备金');
      const book = reserve.getByTestId('risk-reserve-book');
      if (await book.isVisible()) {
        await book.click();
        await page.getByRole('button', { name: /确认(计提|转回)/ }).click();
        await expect(page.getByText(/^已(计提|转回)风险准备金 ¥/).first()).toBeVisible();
      }
      await expect(reserve).toContainText('无需调整');
      const figure = (testId: string) => reserve.getByTestId(testId).locator('.ant-statistic-content').innerText();
      expect(await figure('risk-reserve-booked')).toBe(await figure('risk-reserve-required'));
      const a = await ok<{ requiredReserve: number; bookedReserve: number }>(api.get('/api/bpm/risk/aging'));
      expect(a.bookedReserve).toBe(a.requiredReserve);
      await expect(reserve.getByTestId('risk-reserve-booked')).toContainText(yuanText(a.bookedReserve));
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('aging.png'), fullPage: true });

      // 押品监控: the live pledges valued at today's price, the LTV bands and the margin calls.
      await page.getByRole('tab', { name: '押品监控' }).click();
      await expect(page.getByText('质押率分布')).toBeVisible();
      await expect(page.getByTestId('risk-collateral-table')).toBeVisible();
      await expect(page.getByText('未结追加保证金通知')).toBeVisible();
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('collateral.png'), fullPage: true });

      // 趋势: the month-end snapshots as line charts (the demo world's year of them).
      await page.getByRole('tab', { name: '趋势' }).click();
      await expect(page.getByTestId('risk-trends')).toContainText('共 ');
      for (const chart of ['risk-trend-exposure', 'risk-trend-aging', 'risk-trend-shares', 'risk-trend-leverage'])
        await expect(page.getByTestId(chart).locator('canvas')).toBeVisible();
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('trends.png'), fullPage: true });

      // 限额设置: today's ratios against the limits, and the form.
      await page.getByRole('tab', { name: '限额设置' }).click();
      await expect(page.getByTestId('risk-ratio-table')).toContainText('风险资产 / 净资产');
      await expect(page.getByTestId('risk-limits-form')).toBeVisible();
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('limits.png'), fullPage: true });
    });
  }
}

type Limits = { limits: Record<string, unknown> };

/** The risk-limit changes waiting for a second operator. */
const pendingLimitChanges = async () =>
  (await ok<{ items: { id: number }[] }>(api.get('/api/bpm/tasks', { params: { type: 'RISK_LIMITS_CHANGE', state: 'PENDING' } }))).items;

/**
 * The limits hold before money goes out: the operator sets a per-borrower cap below what the demo
 * borrower owes, sees the home card red, and the approval of a new financing refused in the task
 * drawer with the figures. The limits are put back afterwards, so the journeys after this one lend.
 */
test('the operator sets a limit and an approval past it is refused with the figures', async ({ page }) => {
  test.setTimeout(120_000);
  const before = (await ok<Limits>(api.get('/api/bpm/risk/limits'))).limits;
  const merchant = await apiAs(DEMO.merchant);
  let financingId: number | null = null;
  try {
    // A verified invoice and a financing of ¥8,000.00 waiting for 融资审批 (made through the API).
    const lines = await ok<{ id: number; platform: { name: string; coreEnterpriseId: number } }[]>(
      merchant.get('/api/supplyloan/creditLines'),
    );
    const line = lines.find((l) => l.platform.name === '远航供应链应收账款融资平台')!;
    const invoice = await ok<{ id: number }>(
      merchant.post('/api/supplyloan/invoices', {
        data: {
          invoiceCode: '3100231130',
          invoiceNumber: String(randomInt(10_000_000, 99_999_999)),
          issueDate: '2026-01-05',
          amount: 1_000_000,
          taxAmount: 0,
          buyerEnterpriseId: line.platform.coreEnterpriseId,
        },
      }),
    );
    const verify = (
      await ok<{ items: { id: number; refId: string }[] }>(
        api.get('/api/bpm/tasks', { params: { type: 'INVOICE_VERIFY', state: 'PENDING', size: 200 } }),
      )
    ).items.find((x) => x.refId === String(invoice.id))!;
    await ok(api.post(`/api/bpm/tasks/${verify.id}/approve`, { data: { comment: '已查验' } }));
    const amount = 800_000;
    const applied = await ok<{ id: number; financingNo: string }>(
      merchant.post('/api/supplyloan/financings', {
        data: { creditLineId: line.id, invoiceIds: [invoice.id], amount, termDays: 30, idempotencyKey: `risk-${Date.now()}` },
      }),
    );
    financingId = applied.id;
    const e = await ok<{ byBorrower: { label: string; principal: number }[] }>(api.get('/api/bpm/risk/exposure'));
    const borrower = e.byBorrower.find((b) => b.label === '上海鑫源贸易有限公司')!;

    // The operator sets the cap to ¥1.00 in 限额设置, confirming.
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughPage(page, DEMO.operator);
    await page.goto('/bpm/risk');
    await page.getByRole('tab', { name: '限额设置' }).click();
    await page.getByLabel('单一借款人融资余额上限（元）').fill('1.00');
    await page.getByRole('button', { name: '提交复核' }).click();
    await page.getByRole('button', { name: '确认提交' }).click();
    await expect(page.getByText('已提交复核，另一位操作员批准后生效')).toBeVisible();
    await expect(page.getByTestId('pending-proposal')).toContainText('¥1.00');
    // Four eyes (issue 33): the second operator approves the change; only then is it in force.
    await ok(api.post(`/api/bpm/tasks/${(await pendingLimitChanges())[0].id}/approve`, { data: { comment: '复核同意' } }));
    await page.goto('/bpm/risk');
    await page.getByRole('tab', { name: '限额设置' }).click();
    await expect(page.getByTestId('risk-ratio-table')).toContainText('超限');

    // The home card: the borrower's balance against the cap, red.
    await page.goto('/');
    await expect(page.getByTestId('risk-ratio-BORROWER')).toContainText('超限');

    // The approval: the drawer shows the book after it, and the decision is refused with the figures.
    await page.goto('/bpm/tasks?type=FINANCING_APPROVAL');
    await page
      .getByTestId('task-table')
      .locator('tr', { hasText: applied.financingNo })
      .getByRole('button', { name: /审\s*核|查\s*看/ })
      .click();
    const facts = page.getByTestId('task-facts');
    const owed = yuanText(borrower.principal + amount);
    await expect(facts).toContainText('审批后·单一借款人融资余额');
    await expect(facts).toContainText(`融资余额 ${owed}`);
    await expect(facts).toContainText('超过上限 ¥1.00');
    await page.getByTestId('approve-task').click();
    await page.getByTestId('confirm-decision').click();
    await expect(page.getByText(`审批后借款人 上海鑫源贸易有限公司 融资余额 ${owed}`)).toBeVisible();
    await expect(page.getByText('超过上限 ¥1.00').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('refused.png'), fullPage: true });
  } finally {
    // The limits as they were (a proposal left waiting rejected; the old limits proposed by 钱核 and
    // approved by 赵审 through the page's session), and the financing rejected: the next journeys lend as before.
    for (const waiting of await pendingLimitChanges())
      await ok(api.post(`/api/bpm/tasks/${waiting.id}/reject`, { data: { reason: '测试结束，撤回' } }));
    const restore = (await (await api.put('/api/bpm/risk/limits', { data: before })).json()) as {
      status: string;
      message: { taskId: number };
    };
    if (restore.status === 'OK')
      await ok(
        page.request.post(`/api/bpm/tasks/${restore.message.taskId}/approve`, {
          data: { comment: '恢复限额' },
          headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL },
        }),
      );
    if (financingId !== null) {
      const tasks = await ok<{ items: { id: number; refId: string }[] }>(
        api.get('/api/bpm/tasks', { params: { type: 'FINANCING_APPROVAL', state: 'PENDING', size: 200 } }),
      );
      const task = tasks.items.find((x) => x.refId === String(financingId));
      if (task) await ok(api.post(`/api/bpm/tasks/${task.id}/reject`, { data: { reason: '测试：超过限额，驳回' } }));
    }
    await merchant.dispose();
  }
});
