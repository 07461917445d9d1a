import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, expectSignedInShell } from './fixtures.ts';

/**
 * Issue 24: the forms work from the keyboard alone. Every step below is a key press — Tab to move,
 * typing, Enter and Space to act, Escape to close — never a click.
 */

/** Presses Tab until the target (or something inside it) has the focus. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} cannot be reached with Tab`);
}

async function loginByKeyboard(page: Page, loginName: string) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('用户名'));
  await page.keyboard.type(loginName);
  await tabTo(page, page.getByLabel('密码'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expectSignedInShell(page);
  const reminder = page.getByRole('dialog', { name: '到期提醒' });
  if (await reminder.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await page.keyboard.press('Escape');
    await expect(reminder).toBeHidden();
  }
}

test('a supply-chain loan is applied for with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  // The invoice behind the loan is registered and verified through the API: this journey is about the application form.
  const merchant = await apiAs(DEMO.merchant);
  const operator = await apiAs(DEMO.operator);
  const cores = (await (await merchant.get('/api/supplyloan/coreEnterprises')).json()).message as { id: number; name: string }[];
  const buyer = cores.find((c) => c.name.includes('浙江远航'))!;
  const invoiceNumber = String(randomInt(10_000_000, 99_999_999));
  const registered = await (
    await merchant.post('/api/supplyloan/invoices', {
      data: {
        invoiceCode: '3100231130',
        invoiceNumber,
        issueDate: '2026-01-05',
        amount: 125_000_000,
        taxAmount: 14_380_531,
        buyerEnterpriseId: buyer.id,
      },
    })
  ).json();
  expect(registered.status, JSON.stringify(registered)).toBe('OK');
  await expect
    .poll(async () => {
      const tasks = (
        await (await operator.get('/api/bpm/tasks', { params: { type: 'INVOICE_VERIFY', state: 'PENDING', size: 200 } })).json()
      ).message.items as { id: number; subject: string }[];
      return tasks.find((t) => t.subject.includes(invoiceNumber))?.id ?? 0;
    })
    .toBeGreaterThan(0);
  const tasks = (await (await operator.get('/api/bpm/tasks', { params: { type: 'INVOICE_VERIFY', state: 'PENDING', size: 200 } })).json())
    .message.items as { id: number; subject: string }[];
  const task = tasks.find((t) => t.subject.includes(invoiceNumber))!;
  expect((await (await operator.post(`/api/bpm/tasks/${task.id}/approve`, { data: { comment: '核验通过' } })).json()).status).toBe('OK');

  await loginByKeyboard(page, DEMO.merchant);
  await page.goto('/supplyloan/invoice');
  const row = page.locator('tr', { hasText: invoiceNumber });
  await expect(row).toContainText('已核验');
  await tabTo(page, row.getByRole('link', { name: '申请融资' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/supplyloan\/financing\?invoiceId=\d+$/);

  // The invoice is chosen by the link; Space takes it out and puts it back.
  const box = page.locator('tr', { hasText: invoiceNumber }).getByRole('checkbox');
  await expect(box).toBeChecked();
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();

  await tabTo(page, page.getByTestId('apply-amount'));
  await page.keyboard.type('1,000,000.00');
  await tabTo(page, page.getByTestId('apply-term'));
  await page.keyboard.type('90');
  await expect(page.getByTestId('trial-net')).toContainText('995,000.00');
  await tabTo(page, page.getByTestId('apply-submit'));
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('apply-confirm');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  const submitted = page.getByTestId('financing-submitted');
  await expect(submitted).toContainText(/RZ\d{14}/);

  // The application is withdrawn again (through the API): later journeys find the demo world's queue as seeded.
  const financingNo = (await submitted.innerText()).match(/RZ\d{14}/)![0];
  const owner = await apiAs(DEMO.merchant); // a fresh session: the page's login ended the first one
  const mine = (await (await owner.get('/api/supplyloan/financings', { params: { page: 1, size: 50 } })).json()).message.items as {
    id: number;
    financingNo: string;
  }[];
  const applied = mine.find((f) => f.financingNo === financingNo)!;
  expect((await (await owner.post(`/api/supplyloan/financings/${applied.id}/cancel`, { data: {} })).json()).status).toBe('OK');
});

test('a goods-pledge financing is applied for with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByKeyboard(page, DEMO.merchant);
  await page.goto('/pledge/myPlatform');
  await expect(page.getByTestId('pledge-platforms')).toContainText('¥3,850.00/吨');
  await tabTo(page, page.getByRole('button', { name: '发起融资' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pledge\/applyFinacing/);

  await tabTo(page, page.getByLabel('质押数量 RB2610-01').first());
  await page.keyboard.type('10');
  await tabTo(page, page.getByLabel('融资金额（元）'));
  await page.keyboard.type('26,000');
  const trial = page.getByTestId('pledge-trial');
  await expect(trial).toContainText('¥38,500.00');
  await expect(trial).toContainText('¥26,950.00');
  await tabTo(page, page.getByRole('button', { name: '提交申请' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('质押融资申请已提交')).toBeVisible();

  // The application is withdrawn again (through the API), so the goods and the credit are free for other journeys.
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);
  const merchant = await apiAs(DEMO.merchant);
  expect((await (await merchant.post(`/api/pledge/financings/${id}/cancel`, { data: {} })).json()).status).toBe('OK');
});
