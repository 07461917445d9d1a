import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, encryptForServer, loginThroughPage, confirmDecision } from './fixtures.ts';

/** Opens the pending task of a type whose subject contains `text` in the /bpm/tasks drawer. */
async function openTask(page: Page, typeLabel: string, text: string) {
  await page.goto('/bpm/tasks');
  await page.getByTestId('type-filter').click();
  await page.getByTitle(typeLabel, { exact: true }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByTestId('task-table').locator('tr', { hasText: text });
  await row.getByRole('button', { name: /审\s*核|查\s*看/ }).click();
  await expect(page.getByTestId('task-detail')).toBeVisible();
}

/**
 * Issue 12, back office with four eyes: the operator who reviewed a withdrawal cannot confirm its
 * pay-out (the drawer says why and offers no buttons); the second operator (钱核) confirms it as
 * 已出款; the home page shows the queues and today's pay-out; the audit log speaks Chinese; the
 * outbox shows a reset mail; the site configuration is proposed, approved by the second operator and
 * then shown on the public site.
 */
test('back office: maker-checker on a pay-out, the operator home, audit in words, outbox and site configuration', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000); // two operators, a visitor and five back-office screens
  // The merchant asks for a withdrawal of ¥123.45.
  const merchant = await apiAs(DEMO.merchant);
  const asked = await (
    await merchant.post('/api/funds/withdraw', {
      data: { amount: 12_345, password: await encryptForServer(merchant, DEMO_PASSWORD), idempotencyKey: `bo-${Date.now()}` },
    })
  ).json();
  expect(asked.status, JSON.stringify(asked)).toBe('OK');
  await merchant.dispose();

  // 赵审 reviews it in the drawer: no raw JSON, the 提现审核 step approved.
  await loginThroughPage(page, DEMO.operator);
  await openTask(page, '提现审核', '123.45');
  await expect(page.getByTestId('task-detail')).not.toContainText('JSON');
  await page.getByTestId('approve-task').click();
  await confirmDecision(page);
  await expect(page.getByTestId('task-state')).toHaveText('已通过');

  // The pay-out is his own review's execution: the drawer tells him, and offers no decision.
  await openTask(page, '提现出款', '123.45');
  await expect(page.getByTestId('four-eyes-blocked')).toContainText('须由另一位操作员执行');
  await expect(page.getByTestId('approve-task')).toBeDisabled();
  await expect(page.getByTestId('approve-task')).toHaveText('已出款');
  await expect(page.getByTestId('reject-task')).toHaveText('出款失败');

  // The audit log names the task types in Chinese, never ENTITY #id.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: '审计日志' }).click();
  const audit = page.getByTestId('audit-table');
  await expect(audit).toContainText('提现审核');
  await expect(audit).toContainText('待审核 → 已通过');
  await expect(audit).not.toContainText(/[A-Z_]{6,} #\d+/);

  // 钱核 confirms the pay-out: 已出款.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await loginThroughPage(checker, DEMO.checker);
  // Home: the queues by type and the oldest waiting task.
  await expect(checker.getByTestId('card-queues')).toContainText('提现出款');
  await expect(checker.getByTestId('card-oldest')).toContainText('已等待');
  await openTask(checker, '提现出款', '123.45');
  await expect(checker.getByTestId('four-eyes-blocked')).toHaveCount(0);
  await checker.getByTestId('approve-task').click();
  await expect(checker.getByRole('dialog', { name: '确认已出款' })).toBeVisible();
  await confirmDecision(checker);
  await expect(checker.getByTestId('task-state')).toHaveText('已出款');
  await checker.goto('/');
  await expect(checker.getByTestId('card-today')).toContainText('提现出款 ¥123.45');
  await expect(checker.getByTestId('card-today')).toContainText('已出款');
  await checkerContext.close();

  // A reset mail for 李仓 lands in the outbox while no SMTP server is configured.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/trade/forgetpwd');
  await visitor.getByLabel('登录名或邮箱').fill(DEMO.warehouse);
  await visitor.getByRole('button', { name: '发送重置邮件' }).click();
  await expect(visitor.getByTestId('forgetpwd-done')).toBeVisible();
  await page.goto('/bpm/tasks');
  await page.getByRole('tab', { name: '邮件发件箱' }).click();
  const mail = page.getByTestId('outbox-table').locator('tr', { hasText: 'ops@anchu.example.cn' }).first();
  await mail.getByRole('button', { name: '重置登录密码' }).click();
  await expect(page.getByTestId('outbox-body').getByRole('link', { name: /\/trade\/resetpwd\?token=/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Site configuration: a bad phone is refused on the field; a good one is saved after confirmation and shown publicly.
  await page.getByRole('tab', { name: '站点配置' }).click();
  const phone = page.getByTestId('contact-phone');
  await phone.fill('call us');
  await phone.blur();
  await expect(page.getByText('联系电话应为 7–20 位数字或短横线')).toBeVisible();
  await phone.fill('400-820-2026');
  await page.getByTestId('site-config-save').click();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('已提交复核，另一位操作员批准后生效')).toBeVisible();
  await expect(page.getByTestId('pending-proposal')).toContainText('400-820-2026');
  // Four eyes (issue 33): nothing public changes until 钱核 approves it, seeing old and new side by side.
  await visitor.goto('/trade/aboutus');
  await expect(visitor.locator('body')).not.toContainText('400-820-2026');
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await loginThroughPage(second, DEMO.checker);
  await second.goto('/bpm/tasks?type=SITE_CONFIG_CHANGE');
  await second
    .getByTestId('task-table')
    .locator('tr', { hasText: '联系电话' })
    .getByRole('button', { name: /审\s*核|查\s*看/ })
    .click();
  await expect(second.getByTestId('settings-changes')).toContainText('400-820-2026');
  await second.getByTestId('approve-task').click();
  await confirmDecision(second);
  await expect(second.getByTestId('task-state')).toHaveText('已通过');
  await secondContext.close();
  await visitor.goto('/trade/aboutus');
  await expect(visitor.locator('body')).toContainText('400-820-2026');
  await visitorContext.close();
});
