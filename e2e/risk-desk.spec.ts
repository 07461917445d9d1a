import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, DEMO, loginThroughPage } from './fixtures.ts';

/**
 * Issue 27, the risk desk's read-only slice: the operator opens 风险管理 from the sider, reads the
 * exposure (the book's total as the API answers it), drills into the financings of a row, exports the
 * exposure to Excel (money as numbers; the totals row equals the book), and reads the aging and the
 * collateral watch — at 1440 and 390 px, in the light and the dark theme.
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
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('aging.png'), fullPage: true });

      // 押品监控: the live pledges valued at today's price, the LTV bands and the margin calls.
      await page.getByRole('tab', { name: '押品监控' }).click();
      await expect(page.getByText('质押率分布')).toBeVisible();
      await expect(page.getByTestId('risk-collateral-table')).toBeVisible();
      await expect(page.getByText('未结追加保证金通知')).toBeVisible();
      if (width === 390) await noSidewaysScroll(page, width);
      await page.screenshot({ path: test.info().outputPath('collateral.png'), fullPage: true });
    });
  }
}
