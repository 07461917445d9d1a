import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chinaDate, daysBetween } from '@factoring/domain';
import { apiAs, confirmDecision, DEMO, DEMO_PASSWORD, loginThroughPage } from './fixtures.ts';

/**
 * Issue 36, factoring the way the law sees it, through the pages (PRODUCT §13):
 * (a) 上海鑫源 registers an invoice the tax bureau knows, 赵审 verifies it, 上海鑫源 applies and signs; 赵审 approves —
 *     the factor registers the assignment at the registry and searches — the notice of assignment is signed by
 *     上海鑫源 and countersigned by 赵审, 浙江远航 confirms the receivable in its inbox and acknowledges the notice; 钱核
 *     disburses; 浙江远航 pays the whole invoice into the collection account, 赵审 imports the bank statement, the
 *     financing settles and the surplus is rebated to 上海鑫源's account.
 * (b) With recourse: 江苏安储's factored financing that 浙江远航 paid short at maturity (the demo world's, seed/
 *     factoring-money.ts: its maturity is weeks past, which a journey cannot make — the server's clock is real) waits
 *     for its buy-back; 浙江远航 pays a little more today (statement import), still short, and 赵审 approves the
 *     回购 — 江苏安储's account pays exactly the rest.
 * Money figures are worked here from the 远航 platform's terms (30 days: 6.5 % a year in arrears, 0.3 % fee,
 * penalty × 1.5), never read back from the collection endpoint the pages show.
 */

// A click that finds nothing fails in 30 s rather than at the journey's end.
test.use({ actionTimeout: 30_000 });

const COLLECTION = { accountNo: '1001244319300088886', accountName: '鑫链商业保理有限公司' };
const DEBTOR = '浙江远航供应链管理有限公司';
const RATE_PPM = 65_000n;
const FEE_PPM = 3_000n;

/** Half up, in integers: n / d for non-negative BigInts. */
const div = (n: bigint, d: bigint) => Number((2n * n + d) / (2n * d));
/** Interest in arrears (actual/360): principal × rate × days / 360. */
const interestOf = (principal: number, days: number) => div(BigInt(principal) * RATE_PPM * BigInt(days), 360n * 1_000_000n);
/** Penalty: the rate × 1.5 on the principal overdue, per day. */
const penaltyOf = (principal: number, days: number) => div(BigInt(principal) * RATE_PPM * 15n * BigInt(days), 360n * 1_000_000n * 10n);
/** ¥1,234.56 as the pages write money. */
const yuan = (cents: number) =>
  `¥${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
const plain = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const ok = async <T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> => {
  const body = (await (await res).json()) as { status: string; message: T };
  expect(body.status, JSON.stringify(body)).toBe('OK');
  return body.message;
};

/** A user's own browser (its session), signed in through the login page. */
async function browserOf(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughPage(page, login);
  return page;
}

/** An operator decides the pending task of a type whose subject names `text`, in the /bpm/tasks drawer. */
async function approveInInbox(page: Page, type: string, text: string) {
  await page.goto(`/bpm/tasks?type=${type}`);
  const row = page.getByTestId('task-table').locator('tr', { hasText: text });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /审\s*核/ }).click();
  await expect(page.getByTestId('task-detail')).toBeVisible();
  await page.getByTestId('approve-task').click();
  await confirmDecision(page);
  await expect(page.getByTestId('task-state')).not.toHaveText(/^待/);
}

/** The user confirms with its login password (the shared ConfirmPasswordModal). */
async function confirmWithPassword(page: Page) {
  await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
  await page.getByTestId('confirm-ok').click();
}

/** Today's statement of the collection account in the demo bank's CSV: one credit from 浙江远航. */
function debtorPaymentCsv(opening: number, amount: number, remark: string, serial: string): Buffer {
  const day = chinaDate();
  const text = [
    ['演示银行 账户交易明细'],
    ['账号:', COLLECTION.accountNo],
    ['户名:', COLLECTION.accountName],
    ['起止日期:', day, day],
    ['期初余额:', plain(opening)],
    ['交易日期', '交易时间', '借方发生额', '贷方发生额', '余额', '对方户名', '对方账号', '对方开户行', '摘要', '附言', '流水号', '子账号'],
    [day, '10:30:00', '', plain(amount), plain(opening + amount), DEBTOR, '33050161963500001288', '', '网银转账', remark, serial, ''],
    ['期末余额:', plain(opening + amount)],
  ]
    .map((r) => r.join(','))
    .join('\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

/** 赵审 imports a statement in /bpm/reconciliation; the line is matched to the factored financing at once. */
async function importDebtorPayment(operator: Page, amount: number, remark: string) {
  await operator.goto('/bpm/reconciliation');
  const statements = await ok<{ items: { closingBalance: number }[] }>(operator.request.get('/api/bpm/bank/statements'));
  const name = `保理回款-${randomInt(100_000, 999_999)}.csv`;
  const csv = debtorPaymentCsv(statements.items[0].closingBalance, amount, remark, `FM${Date.now()}`);
  await operator.getByRole('tab', { name: '导入对账单' }).click();
  await operator.getByTestId('import-form').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: csv });
  await operator.getByTestId('import-submit').click();
  const result = operator.getByTestId('import-result');
  await expect(result).toContainText(name);
  await expect(result.getByTestId('import-added')).toHaveText('1');
  await expect(result.getByTestId('import-pending')).toHaveText('0');
  await expect(result.getByTestId('import-unmatched')).toHaveText('0');
}

/** The supplier's financing drawer, opened from /supplyloan/myfinancing, and its 保理回款 section. */
async function collectionSection(page: Page, financingNo: string) {
  await page.goto('/supplyloan/myfinancing');
  await page.locator('tr', { hasText: financingNo }).getByText('详情', { exact: true }).click();
  const section = page.getByTestId('financing-drawer').getByTestId('factoring-collection');
  await expect(section).toBeVisible();
  return section;
}

/** Free and controlled funds together: settling releases the controlled proceeds into the free part. */
const fundsOf = async (api: APIRequestContext) => {
  const b = await ok<{ available: number; controlled: number }>(api.get('/api/account/v2/queryAccountBalance'));
  return b.available + b.controlled;
};

test('factoring (a): registered, verified, registered at the registry, confirmed by the debtor, disbursed by two, collected and the surplus rebated', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const invoiceNumber = String(randomInt(10_000_000, 99_999_999));
  const invoice = 10_000_000; // ¥100,000.00
  const tax = 1_150_442; // 13 / 113
  const advance = 8_000_000; // 80 %
  const fee = div(BigInt(advance) * FEE_PPM, 1_000_000n); // 24,000
  const issueDate = chinaDate();

  await loginThroughPage(page, DEMO.merchant);
  const fundsBefore = await fundsOf(page.request);
  const me = await ok<{ loginUser: { enterpriseId: number } }>(page.request.get('/api/user/current'));
  const cores = await ok<{ id: number; name: string }[]>(page.request.get('/api/supplyloan/coreEnterprises'));
  const buyer = cores.find((e) => e.name === DEBTOR)!;
  // The invoice is issued at the tax bureau — outside the portal: the simulated bureau has no page to issue one, so
  // 赵审's API issues it there, as 上海鑫源's invoicing software would at the real one.
  const bureau = await apiAs(DEMO.operator);
  await ok(
    bureau.post('/api/receivables/tax-bureau/invoices', {
      data: {
        invoiceCode: '3100231130',
        invoiceNumber,
        sellerEnterpriseId: me.loginUser.enterpriseId,
        buyerEnterpriseId: buyer.id,
        issueDate,
        amount: invoice,
        taxAmount: tax,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await bureau.dispose();

  // 1. 上海鑫源 registers the invoice; the tax bureau's check passes and it waits for 赵审.
  await page.goto('/supplyloan/invoice');
  await page.getByTestId('register-invoice').click();
  const dialog = page.getByRole('dialog', { name: '登记发票' });
  await expect(dialog.getByTestId('invoice-buyer')).toContainText(DEBTOR);
  await dialog.getByLabel('发票代码').fill('3100231130');
  await dialog.getByLabel('发票号码').fill(invoiceNumber);
  await dialog.getByLabel('开票日期').fill(issueDate);
  await dialog.getByLabel('开票日期').press('Enter');
  await dialog.getByLabel('价税合计（元）').fill('100,000.00');
  await dialog.getByLabel('税额（元）').fill('11,504.42');
  await page.getByTestId('submit-invoice').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tr', { hasText: invoiceNumber })).toContainText('待核验');

  // 2. 赵审 verifies it in the inbox (the bureau's answer is in the task).
  const operator = await browserOf(browser, DEMO.operator);
  await approveInInbox(operator, 'INVOICE_VERIFY', invoiceNumber);
  await page.reload();
  await expect(page.locator('tr', { hasText: invoiceNumber })).toContainText('已核验');

  // 3. 上海鑫源 applies for ¥80,000.00 for 30 days: the trial shows 6.5 % for 30 days and the 0.3 % fee.
  await page.locator('tr', { hasText: invoiceNumber }).getByRole('link', { name: '申请融资' }).click();
  await page.getByTestId('apply-amount').fill('80,000.00');
  await page.getByTestId('apply-term').fill('30');
  const trial = page.getByTestId('apply-trial');
  await expect(trial.getByTestId('trial-interest')).toContainText(yuan(interestOf(advance, 30)).slice(1)); // 433.33
  await expect(trial.getByTestId('trial-fee')).toContainText(yuan(fee).slice(1)); // 240.00
  await expect(trial.getByTestId('trial-net')).toContainText(yuan(advance - fee).slice(1)); // 79,760.00
  await page.getByTestId('apply-submit').click();
  await page.getByTestId('apply-confirm').click();
  const submitted = page.getByTestId('financing-submitted');
  await expect(submitted).toContainText('融资申请已提交');
  const financingNo = (await submitted.innerText()).match(/RZ\d{14}/)![0];
  const noticeNo = `ZR${financingNo}`;
  await submitted.getByTestId('sign-financing-contract').click();
  await confirmWithPassword(page);
  await expect(page).toHaveURL(/\/supplyloan\/myfinancing$/);

  // 4. 赵审 approves: the factor registers the assignment at the registry and searches it — the registry desk lists it.
  await approveInInbox(operator, 'FINANCING_APPROVAL', financingNo);
  await operator.goto('/bpm/tasks?tab=registry');
  const registry = operator.getByTestId('registry-desk');
  await registry.getByRole('tab', { name: /有效/ }).click();
  await expect(registry.locator('tr', { hasText: financingNo })).toContainText(invoiceNumber);

  // 5. The notice of assignment: 上海鑫源 signs it in its contract list, 赵审 countersigns it (sent to 浙江远航).
  await page.goto('/user/contractList');
  await page.getByLabel('关键字').fill(noticeNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const noticeRow = page.getByTestId('contract-list').getByRole('row').filter({ hasText: noticeNo });
  await noticeRow.getByRole('button', { name: '签署' }).click();
  const sign = page.getByRole('dialog', { name: '签署合同' });
  await sign.getByLabel('我已阅读并同意本合同全部条款').check();
  await sign.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await sign.getByRole('button', { name: '确认签署' }).click();
  await expect(sign).toBeHidden({ timeout: 30_000 });
  await approveInInbox(operator, 'ASSIGNMENT_NOTICE', noticeNo);

  // 6. 浙江远航 confirms the receivable in its inbox (确权, a signed 确认函) and acknowledges the notice.
  const debtor = await browserOf(browser, DEMO.purchaseSales);
  await debtor.goto('/receivables/confirmations');
  const inbox = debtor.getByTestId('confirmations-page');
  const receivable = inbox.locator('tr', { hasText: financingNo });
  await receivable.getByRole('checkbox').check();
  await inbox.getByTestId('confirm-selected').click();
  await confirmWithPassword(debtor);
  await expect(receivable).toContainText('已确权');
  await inbox.getByRole('tab', { name: '转让通知' }).click();
  // antd keeps the first tab's rows in the page: the notice is looked for in the tab shown.
  const notice = inbox.getByRole('tabpanel', { name: '转让通知' }).locator('tr', { hasText: noticeNo });
  await notice.getByText('确认收到').click();
  await confirmWithPassword(debtor);
  await expect(notice).toContainText('债务人已确认收到');

  // 7. 钱核 disburses (maker-checker: not the approver); the drawer shows the four proofs first.
  const checker = await browserOf(browser, DEMO.checker);
  await approveInInbox(checker, 'FINANCING_DISBURSE', financingNo);
  await page.goto('/supplyloan/myfinancing');
  await expect(page.locator('tr', { hasText: financingNo })).toContainText('已放款');

  // The debtor sees what it owes to whom, and the reference to quote.
  await debtor.goto('/receivables/confirmations');
  await debtor.getByTestId('debtor-owed-tab').click();
  const owed = debtor.getByTestId('debtor-owed').locator('tr', { hasText: financingNo });
  await expect(owed).toContainText(noticeNo);
  await expect(owed).toContainText(COLLECTION.accountNo);
  await expect(owed).toContainText(yuan(invoice));

  // 8. 浙江远航 pays the whole invoice into the collection account; 赵审 imports the statement.
  await importDebtorPayment(operator, invoice, `货款 ${noticeNo}`);

  // 9. Settled, the surplus rebated. Repaid on its disbursement day the advance owes one day's interest at least:
  // 8,000,000 × 6.5 % / 360 = 1,444.44 → 1,444; the rebate is 10,000,000 − 8,000,000 − 1,444 = 1,998,556.
  const interest = interestOf(advance, 1);
  const rebate = invoice - advance - interest;
  expect(rebate).toBe(1_998_556);
  const section = await collectionSection(page, financingNo);
  await expect(section.getByTestId('collection-state')).toHaveText('已回款结清');
  await expect(section.getByTestId('collection-recourse')).toHaveText('有追索权');
  await expect(section.getByTestId('settlement-collected')).toHaveText(yuan(invoice));
  await expect(section.getByTestId('settlement-advanced')).toHaveText(`−${yuan(advance - fee)}`);
  await expect(section.getByTestId('settlement-interest')).toHaveText(`−${yuan(interest)}`);
  await expect(section.getByTestId('settlement-fees')).toHaveText(`−${yuan(fee)}`);
  await expect(section.getByTestId('settlement-rebate')).toHaveText(yuan(rebate));
  await expect(section.getByTestId('settlement-gap')).toHaveCount(0);
  // The account: the advance's net came in, and now the rebate (the balance endpoint, not the collection one).
  expect((await fundsOf(page.request)) - fundsBefore).toBe(advance - fee + rebate);
  // And the debtor owes nothing more for it: it leaves the debtor's 应付账款 (still listing the demo world's open ones).
  await debtor.reload();
  await debtor.getByTestId('debtor-owed-tab').click();
  const stillOwed = debtor.getByTestId('debtor-owed');
  await expect(stillOwed.locator('tr', { hasText: 'RZ' }).first()).toBeVisible();
  await expect(stillOwed.locator('tr', { hasText: financingNo })).toHaveCount(0);

  for (const p of [operator, debtor, checker]) await p.context().close();
});

test('factoring (b), with recourse: the debtor pays short and the supplier buys back the rest', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // 江苏安储's ¥80,000.00 for 30 days on its ¥100,000.00 invoice 80000502 (seed/factoring-money.ts): at maturity
  // 浙江远航 paid ¥50,000.00 — interest 8,000,000 × 6.5 % × 30 / 360 = 43,333.33 → 43,333 first, so 3,043,333
  // of principal is left, overdue since.
  await loginThroughPage(page, DEMO.warehouse);
  const list = await ok<{ items: { id: number; financingNo: string; amount: number; status: string }[] }>(
    page.request.get('/api/supplyloan/financings', { params: { size: 50 } }),
  );
  const financing = list.items.find((f) => f.amount === 8_000_000 && f.status === 'REPAYING');
  expect(financing, 'the demo world’s short-paid factored financing').toBeDefined();
  const { id, financingNo } = financing!;
  const detail = await ok<{ dueDate: string }>(page.request.get(`/api/supplyloan/financings/${id}`));
  const left = 8_000_000 - (5_000_000 - interestOf(8_000_000, 30));
  expect(left).toBe(3_043_333);
  const overdueDays = daysBetween(detail.dueDate, chinaDate());
  expect(overdueDays).toBeGreaterThan(5);
  const owedToday = left + penaltyOf(left, overdueDays);

  // 1. The supplier's drawer: paid short, past the grace — it is to buy back what is owed today.
  let section = await collectionSection(page, financingNo);
  await expect(section.getByTestId('collection-state')).toHaveText('回款不足，待供应商回购');
  await expect(section.getByTestId('collection-recourse')).toHaveText('有追索权');
  await expect(section).toContainText(yuan(owedToday));
  await expect(section.getByTestId('collection-rows')).toContainText(yuan(5_000_000));

  // 2. 浙江远航 pays ¥10,000.00 more today, naming the financing — still short.
  const more = 1_000_000;
  const operator = await browserOf(browser, DEMO.operator);
  await importDebtorPayment(operator, more, `补付货款 ${financingNo}`);

  // 3. 赵审's 保理回款 desk lists the shortfall with its 回购 task; 赵审 approves the buy-back.
  await operator.goto('/bpm/tasks?tab=factoring');
  await expect(operator.getByTestId(`factoring-state-${id}`)).toHaveText('回款不足，待供应商回购');
  await expect(operator.getByTestId('factoring-shortfalls').locator('tr', { hasText: financingNo })).toContainText(yuan(owedToday - more));
  const fundsBefore = await fundsOf(page.request);
  await approveInInbox(operator, 'FACTORING_BUYBACK', financingNo);

  // 4. Bought back: 江苏安储's account paid exactly the rest; the settlement comes out at nothing to rebate.
  const boughtBack = owedToday - more;
  expect(fundsBefore - (await fundsOf(page.request))).toBe(boughtBack);
  section = await collectionSection(page, financingNo);
  await expect(section.getByTestId('collection-state')).toHaveText('已回购结清');
  await expect(section.getByTestId('collection-rows')).toContainText(yuan(boughtBack));
  await expect(section.getByTestId('settlement-collected')).toHaveText(yuan(5_000_000 + more + boughtBack));
  await expect(section.getByTestId('settlement-rebate')).toHaveText(yuan(0));
  await expect(section.getByTestId('settlement-gap')).toHaveCount(0);
  await operator.context().close();
});
