import { expect, test, type Page } from '@playwright/test';
import { loginThroughPage, confirmDecision } from './fixtures.ts';

/**
 * Issue 4 end to end: a newly registered enterprise (demo login `xinqiye`, not yet certified) fills
 * the real-name authentication with real-looking data, choosing its settlement branch through the
 * bank → province → city → branch chain, uploads its documents and submits; the operator approves in
 * `/bpm/tasks`; the enterprise is certified and its virtual fund account is open.
 */

// A valid 1×1 PNG: the server sniffs the content, so the bytes must really be an image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ENTERPRISE = '深圳前海新启科技有限公司';
const USCC = '91440300MA5FPK8R20';

async function pick(page: Page, testId: string, search: string, option: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  await expect(select).toContainText(option);
}

async function attach(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByTestId(testId).locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
  ).toHaveCount(1);
}

test('a new enterprise gets certified: the user submits, the operator approves, the account opens', async ({ page, browser }) => {
  test.setTimeout(150_000); // two users, uploads and an operator decision on a shared machine
  await loginThroughPage(page, 'xinqiye');
  await page.goto('/user/autentication');
  const form = page.getByTestId('authentication-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('enterprise-name')).toHaveValue(ENTERPRISE);

  // An ID card with a wrong check character is refused in the form, with the domain rule's message.
  await page.getByTestId('legal-id-card').fill('440305198808081235');
  await page.getByTestId('legal-id-card').blur();
  await expect(form).toContainText('身份证号码校验位不正确');
  await page.getByTestId('legal-id-card').fill('440305198808081234');
  await expect(page.getByTestId('id-card-facts')).toHaveText('出生日期：1988-08-08，性别：男');

  await page.getByTestId('uscc').fill(USCC.toLowerCase());
  await page.getByTestId('registered-address').fill('  深圳市前海深港合作区南山街道桂湾五路128号前海深港基金小镇B7栋  ');
  await page.getByTestId('registered-address').blur();
  await expect(page.getByTestId('registered-address')).toHaveValue('深圳市前海深港合作区南山街道桂湾五路128号前海深港基金小镇B7栋');
  await page.getByTestId('legal-name').fill('陈新启');
  await page.getByTestId('contact-name').fill('陈启');
  await page.getByTestId('contact-mobile').fill('13500135000');
  await page.getByTestId('contact-email').fill('chenqi@xinqi.example.cn');

  await attach(page, 'upload-licence', '营业执照.png');
  await attach(page, 'upload-id-front', '身份证人像面.png');
  await attach(page, 'upload-id-back', '身份证国徽面.png');
  await expect(page.getByTestId('upload-licence').locator('img')).toHaveCount(1); // the thumbnail

  await expect(page.getByTestId('account-name')).toHaveValue(ENTERPRISE);
  await page.getByTestId('account-no-input').fill('4000 0234 0920 0123 456');
  await pick(page, 'bank-select', '工商', '中国工商银行');
  await pick(page, 'province-select', '广东', '广东省');
  await pick(page, 'city-select', '深圳', '深圳市');
  await pick(page, 'branch-select', '营业部', '中国工商银行股份有限公司深圳分行营业部');
  await expect(page.getByTestId('union-bank-no')).toHaveText(/^联行号：1025840\d{5}$/);

  await page.getByTestId('save-draft').click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  await page.getByTestId('submit-authentication').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('认证申请已提交');
  await page.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/user\/autenticalList$/);
  await expect(page.getByTestId('authentication-table').getByTestId('status-tag').first()).toHaveAttribute('data-status', 'PENDING');

  // The operator, in a browser of their own, approves in the inbox.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await loginThroughPage(operator, 'operator');
  // The queue of 企业实名认证, as the home page links it: the inbox's first page of every type may be full of others.
  await operator.goto('/bpm/tasks?type=AUTHENTICATION');
  const row = operator.getByTestId('task-table').locator('tr', { hasText: `企业实名认证：${ENTERPRISE}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '审核' }).click();
  const detail = operator.getByTestId('task-detail');
  await expect(detail).toContainText(USCC);
  await expect(detail).toContainText('1988-08-08');
  await expect(operator.getByTestId('task-attachments').locator('img')).toHaveCount(3);
  await operator.getByTestId('approve-task').click();
  await operator.getByTestId('decision-text').fill('材料齐全，信息核验一致');
  await confirmDecision(operator);
  await expect(operator.getByTestId('task-state')).toHaveText('已通过');
  await operatorContext.close();

  // The enterprise sees "approved" and its virtual account number.
  await page.reload();
  await expect(page.getByTestId('certified-banner')).toContainText(`${ENTERPRISE} 已完成实名认证`);
  await expect(page.getByTestId('authentication-table').getByTestId('status-tag').first()).toHaveText('已通过');
  const accountNo = (await page.getByTestId('virtual-account-no').innerText()).trim();
  expect(accountNo).toMatch(/^\d{10,}$/);
  await expect(page.getByTestId('account-section')).toContainText('中国工商银行股份有限公司深圳分行营业部');

  await page.goto('/user/moneySummary');
  await expect(page.getByTestId('account-no').first()).toContainText(accountNo);
});

test("an enterprise user is kept out of the operators' inbox", async ({ page }) => {
  await loginThroughPage(page, 'demo');
  await page.goto('/bpm/tasks');
  await expect(page).toHaveURL(/\/exception\/403$/);
  const status = await page.evaluate(() => fetch('/api/bpm/tasks', { headers: { Accept: 'application/json' } }).then((r) => r.status));
  expect(status).toBe(403);
});
