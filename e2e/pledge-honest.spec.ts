import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { addDays, chinaDate } from '@factoring/domain';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, DEMO, DEMO_PASSWORD, signedInAs } from './fixtures.ts';

/**
 * Goods-pledge figures that tell the truth and columns that can be seen (issue 24): an ended
 * financing shows its status, not a 200000 % LTV; the quantity on the application is checked as
 * typed and the trial follows valid input only; the due date shows from the term; signed contracts
 * with the margin unpaid say the margin is awaited; the success page opened bare says so; the
 * pledge tables keep their actions in sight at 1440 px and one fixed column at 390 px.
 *
 * Worked example — hot-rolled coil at 3,850.00 a tonne, pledge rate 70 %, margin 10 %:
 *   10.000 t = 38,500.00; 12.000 t = 46,200.00, at most 32,340.00; 26,000.00 → margin 2,600.00.
 */
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL };
type Applied = { id: number; financingNo: string };

async function call<T>(page: Page, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](url, { headers: HEADERS, ...(data ? { data } : {}) });
  const body = await res.json();
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message as T;
}

/** 10 t of the first RB2610-01 coil position for 26,000.00 over 90 days, through the enterprise's own session. */
async function applyCoil(page: Page): Promise<Applied> {
  const platforms = await call<{ creditLine: { id: number } | null }[]>(page, 'get', '/api/pledge/platforms');
  const stock = await call<{ positionId: number; batchNo: string }[]>(page, 'get', '/api/pledge/stock');
  const positionId = stock.find((s) => s.batchNo === 'RB2610-01')!.positionId;
  return call<Applied>(page, 'post', '/api/pledge/financings', {
    creditLineId: platforms.find((p) => p.creditLine)!.creditLine!.id,
    lines: [{ positionId, quantity: '10' }],
    amount: 2_600_000,
    termDays: 90,
    idempotencyKey: randomUUID(),
  });
}

/** The login password encrypted as the browser does (RSA-OAEP, SHA-256), for a signature sent by the test. */
async function encrypted(page: Page) {
  const { modulus, exponent } = await call<{ modulus: string; exponent: string }>(page, 'get', '/api/user/current');
  const key = createPublicKey({
    key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') },
    format: 'jwk',
  });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString(
    'base64',
  );
}

const cancel = (page: Page, id: number) => call(page, 'post', `/api/pledge/financings/${id}/cancel`, {});

test.describe('wide screen (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an ended financing shows its status, not an LTV; the actions and due dates of 我的融资 are in sight', async ({ page }) => {
    await signedInAs(page, DEMO.merchant);
    const applied = await applyCoil(page);

    // Withdrawn from 我的融资: the prompt's buttons say what they do (issue 37) — not 取消 / 确定, where 取消 meant "don't cancel".
    await page.goto('/pledge/pledgeFinacy');
    const ended = page.getByRole('row').filter({ hasText: applied.financingNo });
    await ended.getByRole('button', { name: '撤销申请' }).click();
    const prompt = page.locator('.ant-popconfirm');
    await expect(prompt).toContainText('撤销这笔质押融资申请？');
    await expect(prompt.getByRole('button')).toHaveText([/^返\s*回$/, '撤销申请']);
    await prompt.getByRole('button', { name: '撤销申请' }).click();
    await expect(ended).toContainText('已取消');
    await expect(ended).toContainText('热轧卷板（已解除质押）');
    await expect(ended.getByTestId(`ltv-ended-${applied.id}`)).toHaveText('已取消，货物已解除质押');
    // Before issue 24: "0.000 吨, ¥0.00, 质押率 200000.00 %" and a red 超过平仓线.
    await expect(ended.getByRole('progressbar')).toHaveCount(0);
    await expect(ended).not.toContainText('超过平仓线');
    await expect(ended).not.toContainText('%');

    // The seeded live copper financing: its action in sight (the actions column is fixed on the right), its due date on one line.
    const live = page.getByRole('row').filter({ hasText: '电解铜 20.000 吨' });
    await expect(live.getByRole('progressbar')).toHaveCount(1);
    await expect(live.getByRole('button', { name: '还款/赎货' })).toBeInViewport({ ratio: 1 });
    await expect(page.locator('thead .ant-table-cell-fix-end')).toHaveCount(1);
    const due = live.locator('td').filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ });
    const lines = await due.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });

  test('the quantity is checked as typed, the trial follows valid input only, the due date shows from the term', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/pledge/applyFinacing');
    const due = addDays(chinaDate(), 90);
    // Known from the term before anything else is typed.
    await expect(page.getByTestId('pledge-due-date')).toHaveText(`到期日 ${due}`);

    const quantity = page.getByLabel('质押数量 RB2610-01').first();
    const trial = page.getByTestId('pledge-trial');
    await quantity.fill('10');
    await expect(trial).toContainText('热轧卷板 10.000 吨');
    await expect(trial).toContainText('¥38,500.00');
    // No amount yet: the due date is the term's, not today.
    await expect(trial.getByRole('row').filter({ hasText: '到期日' })).toContainText(due);
    await expect(trial.getByRole('row').filter({ hasText: '应缴保证金' })).toContainText('填写融资金额后计算');

    // More than is available: kept as typed, refused with the maximum; the trial is not shown stale.
    await quantity.fill('1000');
    await expect(quantity).toHaveValue('1000');
    await expect(page.getByRole('alert').filter({ hasText: /超过可用数量，最多可质押 \d+\.\d{3} 吨/ })).toBeVisible();
    await expect(trial).toBeHidden();
    await expect(page.getByTestId('pledge-trial-paused')).toBeVisible();
    await expect(page.getByRole('button', { name: '提交申请' })).toBeDisabled();

    await quantity.fill('-5');
    await expect(quantity).toHaveValue('-5');
    await expect(page.getByText('质押数量不能为负数')).toBeVisible();
    await expect(trial).toBeHidden();

    await quantity.fill('abc');
    await expect(quantity).toHaveValue('abc');
    await expect(page.getByText('质押数量须为数字，例如 10.5')).toBeVisible();
    await expect(trial).toBeHidden();

    // Valid again: the trial is of what is typed now.
    await quantity.fill('12');
    await expect(page.getByTestId('pledge-trial-paused')).toBeHidden();
    await expect(trial).toContainText('热轧卷板 12.000 吨');
    await expect(trial).toContainText('¥46,200.00');
    await expect(trial).toContainText('¥32,340.00');
    await page.getByLabel('融资金额（元）').fill('26,000');
    await expect(trial.getByRole('row').filter({ hasText: '应缴保证金' })).toContainText('¥2,600.00');
    await page.getByLabel('融资金额（元）').fill('abc');
    await expect(trial.getByRole('row').filter({ hasText: '应缴保证金' })).toContainText('融资金额有误');
  });

  test('signed contracts with the margin unpaid say the margin is awaited, beside the way to pay it', async ({ page }) => {
    await signedInAs(page, DEMO.merchant);
    const applied = await applyCoil(page);
    const { contracts } = await call<{ contracts: { id: number }[] }>(page, 'get', `/api/pledge/financings/${applied.id}/contracts`);
    for (const c of contracts) {
      const res = await page.request.post(`/api/contracts/${c.id}/sign`, { headers: HEADERS, form: { password: await encrypted(page) } });
      expect((await res.json()).status).toBe('OK');
    }

    await page.goto(`/pledge/pledgeSucess?id=${applied.id}`);
    await expect(page.getByText('质押融资申请已提交')).toBeVisible();
    const waiting = page.getByTestId('pledge-waiting');
    // Before issue 24: "合同已全部签署，等待运营审批" while the margin was unpaid.
    await expect(waiting).toContainText('合同已全部签署，尚待缴纳保证金 ¥2,600.00，缴纳后进入运营审批');
    // The way to pay it: the page's own button.
    await page.getByRole('button', { name: '缴纳保证金', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pledge/bondVoucher\\?id=${applied.id}$`));
    await expect(page.getByTestId('pledge-waiting')).toContainText('尚待缴纳保证金 ¥2,600.00');
    await page.getByRole('button', { name: /从账户支付 ¥2,600\.00/ }).click();
    await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('保证金已缴纳，等待审批')).toBeVisible();

    await page.goto(`/pledge/pledgeSucess?id=${applied.id}`);
    await expect(page.getByTestId('pledge-waiting')).toHaveText('合同已全部签署，保证金已缴纳，等待运营审批');
    await cancel(page, applied.id);
  });

  test('the success page opened without an application says so and offers the ways on', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/pledge/pledgeSucess');
    await expect(page.getByText('未指定质押融资申请')).toBeVisible();
    await expect(page.getByText('质押融资申请已提交')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '我的融资' })).toBeVisible();
    await page.getByRole('button', { name: '申请融资' }).click();
    await expect(page).toHaveURL(/\/pledge\/applyFinacing$/);

    await page.goto('/pledge/pledgeSucess?id=999999');
    await expect(page.getByText('未找到该质押融资申请')).toBeVisible();
    await expect(page.getByText('质押融资申请已提交')).toHaveCount(0);
  });
});

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the platform select stays in its card, the quantity input is in sight, one fixed column per table', async ({ page }) => {
    await signedInAs(page, DEMO.merchant, '/pledge/applyFinacing');
    const card = page.locator('.ant-card').filter({ hasText: '选择平台与质押货物' });
    const select = card.locator('.ant-select').first();
    const cardBox = (await card.boundingBox())!;
    const selectBox = (await select.boundingBox())!;
    expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await expect(page.getByLabel('质押数量 RB2610-01').first()).toBeInViewport({ ratio: 1 });

    await page.goto('/pledge/pledgeFinacy');
    await expect(page.getByRole('row').filter({ hasText: '电解铜 20.000 吨' })).toBeVisible();
    // The phone-column rule (lib/table.tsx): at most one fixed column, never the actions on the right.
    await expect(page.locator('thead .ant-table-cell-fix-end')).toHaveCount(0);
    expect(await page.locator('thead .ant-table-cell-fix-start').count()).toBeLessThanOrEqual(1);
    // Earlier journeys on the shard's server may have added disbursed pledges: every row's action is off screen.
    const actions = page.getByRole('button', { name: '还款/赎货' });
    await expect(actions.first()).toBeAttached();
    for (const action of await actions.all()) await expect(action).not.toBeInViewport();
  });
});
