import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parseYuan } from '@factoring/domain';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAs, BASE_URL, DEMO, DEMO_PASSWORD, encryptForServer, loginThroughPage } from './fixtures.ts';

// Issue 24, points 3 and 6: controlled loan proceeds repay the loan they came from and become free funds
// when it is settled; another party's account numbers are masked on every page that shows them.

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL };
/** A masked account (its last four digits), or the empty mark. */
const MASKED_OR_EMPTY = /^(\*{4} \d{4}|—|)$/;

async function ok<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { status: string; message: T };
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message;
}

/** The texts of one column (by its header) of the rows of a table. */
async function columnOf(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const at = headers.indexOf(header);
  expect(at, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody tr.ant-table-row');
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) texts.push((await rows.nth(i).locator('td').nth(at).innerText()).trim());
  return texts;
}

/** Approves (through the /bpm inbox API) the pending task of a type for a financing. */
async function approve(api: APIRequestContext, type: string, refId: number) {
  const tasks = await ok<{ items: { id: number; refId: string }[] }>(api.get(`/api/bpm/tasks?type=${type}&state=PENDING&size=100`));
  const task = tasks.items.find((t) => t.refId === String(refId));
  expect(task, `a pending ${type} for ${refId}`).toBeTruthy();
  await ok(api.post(`/api/bpm/tasks/${task!.id}/approve`, { data: { comment: '同意' } }));
}

/**
 * A pledge of 10 t of coil for 20,000.00 brought to DISBURSED: applied and margin paid in the
 * enterprise's own browser session (one session per user), approved and disbursed by the two operators.
 */
async function disbursedPledge(page: Page): Promise<{ id: number; financingNo: string }> {
  const api = page.request;
  const platforms = await ok<{ code: string; creditLine: { id: number; available: number } | null }[]>(
    api.get('/api/pledge/platforms', { headers: HEADERS }),
  );
  const line = platforms.find((p) => p.creditLine && p.creditLine.available >= 2_000_000)!.creditLine!;
  const stock = await ok<{ positionId: number; batchNo: string; available: string }[]>(api.get('/api/pledge/stock', { headers: HEADERS }));
  const coil = stock.find((s) => s.batchNo === 'RB2610-01')!;
  const applied = await ok<{ id: number; financingNo: string }>(
    api.post('/api/pledge/financings', {
      headers: HEADERS,
      data: {
        idempotencyKey: randomUUID(),
        creditLineId: line.id,
        lines: [{ positionId: coil.positionId, quantity: '10.000' }],
        amount: 2_000_000,
        termDays: 90,
      },
    }),
  );
  const confirm = async () => ({ password: await encryptForServer(api, DEMO_PASSWORD), idempotencyKey: randomUUID() });
  await ok(api.post(`/api/pledge/financings/${applied.id}/margin`, { headers: HEADERS, data: await confirm() }));
  const sign = async () => {
    const list = await ok<{ items: { id: number; status: string }[] }>(
      api.get('/api/contracts?status=TO_SIGN&page=1&size=50', { headers: HEADERS }),
    );
    for (const c of list.items) {
      await api.post(`/api/contracts/${c.id}/sign`, { headers: HEADERS, form: { password: await encryptForServer(api, DEMO_PASSWORD) } });
    }
  };
  await sign();
  const [operator, checker] = [await apiAs(DEMO.operator), await apiAs(DEMO.checker)];
  await approve(operator, 'PLEDGE_APPROVAL', applied.id);
  await sign();
  await approve(checker, 'PLEDGE_DISBURSE', applied.id);
  await Promise.all([operator.dispose(), checker.dispose()]);
  const detail = await ok<{ status: string; financingNo: string }>(api.get(`/api/pledge/financings/${applied.id}`, { headers: HEADERS }));
  expect(detail.status).toBe('DISBURSED');
  return { id: applied.id, financingNo: detail.financingNo };
}

const yuanIn = async (l: Locator) => parseYuan(/-?[\d,]+\.\d{2}/.exec(await l.innerText())![0]);

async function confirmWithPassword(page: Page) {
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
}

test('controlled funds repay the loan they came from, and are free funds once it is settled', async ({ page }) => {
  test.setTimeout(240_000);
  await loginThroughPage(page, DEMO.merchant);
  const { id, financingNo } = await disbursedPledge(page);

  // The repayment page offers the source: this loan's controlled funds, or the free funds, with their balances.
  await page.goto(`/pledge/repaymentList?id=${id}`);
  const repay = page.getByTestId('pledge-repay');
  const controlled0 = await yuanIn(repay.getByTestId('source-controlled'));
  const available0 = await yuanIn(repay.getByTestId('source-available'));
  expect(controlled0).toBeGreaterThan(1_000_000);
  await expect(repay.getByRole('radio', { name: /可用资金（余额/ })).toBeChecked();

  // More than this loan's controlled funds is refused on the form, naming the balance.
  await repay.getByRole('radio', { name: /本笔融资受控资金（余额/ }).check();
  await repay.getByLabel('还款金额（元）').fill(String((controlled0 + 100) / 100));
  await repay.getByRole('button', { name: '账户还款' }).click();
  await expect(repay.getByText(/本笔融资受控资金余额 [\d,]+\.\d{2} 元，不足支付此金额/)).toBeVisible();

  // 5,000.00 from the controlled funds: confirmed with the password; the free funds receive only the prepaid
  // interest of the days not used on the principal it repaid (issue 37 item 10), as the answer says.
  await repay.getByLabel('还款金额（元）').fill('5,000');
  await repay.getByRole('button', { name: '账户还款' }).click();
  await expect(page.getByRole('dialog', { name: '确认还款' })).toContainText('本笔融资的受控资金');
  const repaid = page.waitForResponse((r) => /\/api\/pledge\/financings\/\d+\/repay$/.test(r.url()) && r.request().method() === 'POST');
  await confirmWithPassword(page);
  const { interestRefund } = (await (await repaid).json()).message as { interestRefund: number };
  await expect(repay.getByTestId('source-controlled')).toContainText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format((controlled0 - 500_000) / 100),
  );
  await expect.poll(() => yuanIn(repay.getByTestId('source-available'))).toBe(available0 + interestRefund);

  // The rest from the free funds settles the loan.
  const owed = await ok<{ outstanding: number; interestOwed: number; penaltyOwed: number }>(
    page.request.get(`/api/pledge/financings/${id}`, { headers: HEADERS }),
  );
  await repay.getByRole('radio', { name: /可用资金（余额/ }).check();
  await repay.getByLabel('还款金额（元）').fill(String((owed.outstanding + owed.interestOwed + owed.penaltyOwed) / 100));
  await repay.getByRole('button', { name: '账户还款' }).click();
  await expect(page.getByRole('dialog', { name: '确认还款' })).toContainText('本企业虚拟账户可用资金');
  await confirmWithPassword(page);
  await expect(repay).toContainText('该融资当前不需要还款');

  // What was left of its controlled funds is free now: a named row in the fund flows …
  await page.goto('/user/moneySummary');
  await expect(page.getByTestId('flow-table').locator('tbody tr.ant-table-row').filter({ hasText: '受控资金释放' }).first()).toBeVisible();
  // … and on the controlled-funds page, the loan's tranche tells where its money went.
  await page.goto('/user/moneyflowControl');
  const row = page.getByRole('row').filter({ hasText: financingNo });
  await expect(row).toContainText('5,000.00');
  const rest = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format((controlled0 - 500_000) / 100);
  await expect(row).toContainText(rest);

  const operator = await apiAs(DEMO.operator);
  expect((await ok<{ problems: string[] }>(operator.get('/api/bpm/funds/ledger-check'))).problems).toEqual([]);
  await operator.dispose();
});

test('counterparties’ accounts are masked in the fund flows, their Excel export and 上下游资金', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await loginThroughPage(page, DEMO.merchant);

  await page.goto('/user/moneySummary');
  const flows = page.getByTestId('flow-table');
  await expect(flows.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // The targeted payments to the demo's suppliers: rows that name another party's account.
  const typeFilter = page.getByTestId('flow-type-filter');
  await typeFilter.click();
  // The option list is virtual: walk it with the keyboard to 定向支付. Once in a full run (b0bb7b3, 2026-11-30) the
  // list the click opened was closed again, the select still focused: open it until an option is active.
  const active = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
  await expect(async () => {
    if (!(await active.isVisible())) await typeFilter.click();
    await expect(active).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (let i = 0; i < 30 && !(await active.innerText()).includes('定向支付'); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(flows.locator('tbody tr.ant-table-row').first()).toContainText('定向支付');
  const shown = await columnOf(flows, '对方账号');
  expect(shown.some((a) => a.startsWith('****'))).toBe(true);
  for (const a of shown) expect(a).toMatch(MASKED_OR_EMPTY);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-excel').click()]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  wb.getWorksheet('资金流水')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const headerAt = rows.findIndex((r) => r[0] === '交易时间');
  const col = rows[headerAt]!.indexOf('对方账号');
  const exported = rows.slice(headerAt + 1).map((r) => String(r[col] ?? ''));
  expect(exported.some((a) => a.startsWith('****'))).toBe(true);
  for (const a of exported) expect(a).toMatch(MASKED_OR_EMPTY);

  await page.goto('/user/moneyflowUpDown');
  const updown = page.locator('.ant-table').first();
  await expect(updown.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const partners = await columnOf(updown, '对方账号');
  expect(partners.length).toBeGreaterThan(0);
  for (const a of partners) expect(a).toMatch(MASKED_OR_EMPTY);
});
