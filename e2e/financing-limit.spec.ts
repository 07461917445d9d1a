import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, loginThroughPage } from './fixtures.ts';

// Issue 12: the application form tells the truth — the hint, the inline check and the live trial use
// the server's rule min(available credit, advance rate × chosen invoices), before submit.

test('financing application: the maximum follows the chosen invoice; over it is refused inline and by the trial; full-width digits are read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A verified ¥150,000.00 invoice to the core enterprise (registered and verified through the API).
  const merchant = await apiAs(DEMO.merchant);
  const lines = (await (await merchant.get('/api/supplyloan/creditLines')).json()).message as {
    id: number;
    platform: { name: string; coreEnterpriseId: number };
  }[];
  const line = lines.find((l) => l.platform.name === '远航供应链应收账款融资平台')!;
  const invoiceNumber = String(randomInt(10_000_000, 99_999_999));
  const registered = await (
    await merchant.post('/api/supplyloan/invoices', {
      data: {
        invoiceCode: '3100231130',
        invoiceNumber,
        issueDate: '2026-01-05',
        amount: 15_000_000,
        taxAmount: 0,
        buyerEnterpriseId: line.platform.coreEnterpriseId,
      },
    })
  ).json();
  expect(registered.status, JSON.stringify(registered)).toBe('OK');
  const operator = await apiAs(DEMO.operator);
  const tasks = (await (await operator.get('/api/bpm/tasks', { params: { type: 'INVOICE_VERIFY', state: 'PENDING', size: 200 } })).json())
    .message.items as { id: number; refId: string }[];
  const task = tasks.find((t) => t.refId === String(registered.message.id))!;
  expect((await (await operator.post(`/api/bpm/tasks/${task.id}/approve`, { data: { comment: '已查验' } })).json()).status).toBe('OK');

  await loginThroughPage(page, DEMO.merchant);
  await page.goto(`/supplyloan/financing?invoiceId=${registered.message.id}&creditLineId=${line.id}`);
  await expect(page.locator('tr', { hasText: invoiceNumber }).getByRole('checkbox')).toBeChecked();
  // 80 % × 150,000.00 = 120,000.00 — not the credit line's available amount.
  const hint = page.getByTestId('apply-max-hint');
  await expect(hint).toContainText('最高可申请 ¥120,000.00');

  await page.getByTestId('apply-amount').fill('1,000,000.00');
  await page.getByTestId('apply-term').fill('90');
  const message = '融资金额超过可融资额度：应收账款 150,000.00 元 × 融资比例 80.00% = 120,000.00 元';
  await expect(page.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
  await expect(page.getByTestId('trial-refused')).toContainText(message);

  // Typed through a Chinese input method: full-width digits and separators are read as ASCII.
  await page.getByTestId('apply-amount').fill('１２０，０００．００');
  await expect(page.locator('.ant-form-item-explain-error', { hasText: message })).toBeHidden();
  const trial = page.getByTestId('apply-trial');
  // 120,000.00 at 7.2 % for 90 days = 2,160.00; due = today (as if disbursed today) + 90 days.
  await expect(trial.getByTestId('trial-interest')).toContainText('2,160.00');
  await expect(trial).toContainText('到期日 = 放款日（起息日）+ 融资期限天数');

  // A term beyond the platform maximum (180 days) is refused in the form, never priced.
  await page.getByTestId('apply-term').fill('181');
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '融资期限不能超过 180 天' })).toBeVisible();

  if (process.env.SHOTS_DIR) {
    await page.getByTestId('apply-term').fill('90');
    await expect(trial.getByTestId('trial-interest')).toContainText('2,160.00');
    for (const dark of [false, true]) {
      await page.evaluate((d) => localStorage.setItem('factoringdarkTheme', JSON.stringify(d)), dark);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await page.getByTestId('apply-amount').fill('1,000,000.00');
        await page.getByTestId('apply-term').fill('90');
        await expect(page.getByTestId('trial-refused')).toBeVisible();
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/financing-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      }
    }
  }
});
