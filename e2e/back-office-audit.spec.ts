import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, loginThroughPage } from './fixtures.ts';

/**
 * Issue 24, the back office's audit trail and scheduled jobs: an operator's action that changes
 * something (a manual job run, a refused switch) is in 审计日志 with who, what and how it ended,
 * newest first; the filters by who, what and when narrow it; the Excel export carries the same rows;
 * 定时任务 speaks plain Chinese (no figure names, no `host:pid`); on a phone the tables keep at most
 * one fixed column (lib/table.tsx), so the rest has room to scroll.
 */
test('back office: the audit trail records operator actions, filters them and exports them; job notes in words', async ({ page }) => {
  test.setTimeout(120_000);
  // 钱核 runs the backup by hand and tries a purchase/sales switch without a reason (refused).
  const checker = await apiAs(DEMO.checker);
  const ran = await (await checker.post('/api/bpm/jobs/backup/run', { data: {} })).json();
  expect(ran.status, JSON.stringify(ran)).toBe('OK');
  const refused = await checker.post('/api/bpm/purchase-sales/users/1/feature', { data: { enabled: true } });
  expect(refused.status()).toBe(400);
  await checker.dispose();

  await loginThroughPage(page, DEMO.operator);
  await page.goto('/bpm/tasks?tab=audit');
  const table = page.getByTestId('audit-table');
  // Newest first: 钱核's refused switch, then the job run.
  const first = table.locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText('钱核');
  await expect(first).toContainText('开通或关闭用户的购销管理');
  await expect(first).toContainText('被拒绝');

  // Who and what: 钱核's manual job runs only.
  const filters = page.getByTestId('audit-filters');
  await filters.getByLabel('操作人').click();
  await page.locator('.ant-select-item-option[title="钱核"]').click();
  await filters.getByLabel('操作', { exact: true }).click();
  await page.keyboard.type('手动执行定时任务');
  await page.keyboard.press('Enter');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('手动执行定时任务');
  await expect(rows.first()).toContainText('成功');
  await expect(rows.first()).toContainText('钱核');

  // The same rows in Excel, with the filter written above them.
  const download = page.waitForEvent('download');
  await filters.getByTestId('audit-export').click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('审计日志')!;
  const values = sheet.getSheetValues().map((r) => (Array.isArray(r) ? r.join('|') : ''));
  expect(values.join('\n')).toContain('操作人 钱核');
  expect(values.filter((v) => v.includes('|钱核|手动执行定时任务'))).toHaveLength(1);

  // 定时任务: notes in words, the node not as host:pid.
  await page.getByRole('tab', { name: '定时任务' }).click();
  const runs = page.getByTestId('job-runs-table');
  await expect(runs.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(runs).not.toContainText(/[a-zA-Z]+: \d/);
  await expect(runs).not.toContainText(/[a-z]+:\d+/i);
  await expect(runs.locator('thead')).not.toContainText('节点');

  // A phone: the task list keeps only its number fixed, the actions scroll with the rest.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bpm/tasks');
  const tasks = page.getByTestId('task-table');
  await expect(tasks.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // (antd marks a fixed cell ant-table-cell-fix-start / -end.)
  await expect(tasks.locator('.ant-table-cell-fix-end')).toHaveCount(0);
  await expect(tasks.locator('thead th.ant-table-cell-fix-start')).toHaveCount(1);
  await expect(tasks.locator('thead th.ant-table-cell-fix-start')).toHaveText('编号');
});
