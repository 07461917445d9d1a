import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { DEMO, DEMO_PASSWORD, expectSignedInShell, loginThroughPage, logoutThroughPage } from './fixtures.ts';
// The journey servers' mode (playwright.config.ts says why).
import JOURNEY_SERVER_ENV from './server-env.json' with { type: 'json' };
import { SERVER_ARGS } from './server-command.ts';

/**
 * Account journeys against a portal of their own: started here with SMTP_URL pointing at an SMTP
 * server this file runs on loopback, so every link is read out of a real received mail. Its own
 * database also keeps the lockout and password changes away from the other journeys' demo users.
 */
const PORT = Number(process.env.E2E_ACCOUNTS_PORT ?? 8191);
const ORIGIN = `http://localhost:${PORT}`;
test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

interface Received {
  to: string[];
  text: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let server: ChildProcess;
let dataDir: string;
let database: { url: URL; admin: string } | undefined;

/** The text of a MIME message's parts, decoded from base64 or quoted-printable. */
function mimeText(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        return Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/** Waits for the newest mail to an address containing a link to `route`, and answers the link. */
async function linkFromMail(to: string, route: '/trade/activate' | '/trade/resetpwd', after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = inbox.slice(after).filter((m) => m.to.includes(to));
        link = mails.at(-1)?.text.match(new RegExp(`https?://\\S+${route.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]+`))?.[0];
        return link;
      },
      { timeout: 15_000, message: `a mail to ${to} with a ${route} link` },
    )
    .toBeTruthy();
  return link!;
}

test.beforeAll(async () => {
  // Seeding its own world (without E2E_TEMPLATE) beside other seeds on a loaded 2-core machine took over 90 s.
  test.setTimeout(300_000);
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), text: mimeText(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-accounts-'));
  // A copy of the journeys' world when scripts/test-all.mjs seeded it once (E2E_TEMPLATE), else seeded here.
  if (process.env.E2E_TEMPLATE) cpSync(process.env.E2E_TEMPLATE, dataDir, { recursive: true });
  // Its own copy of the seeded world: a PostgreSQL database copied here from the template scripts/test-all.mjs
  // seeded, else the embedded one. Copied at every start, so a retry of this serial group starts from the seeded
  // world, not from the passwords and lockouts the failed attempt left (seen in CI: the retry's login as demo failed).
  const { DATABASE_URL: _otherDatabase, ...env } = process.env;
  if (process.env.E2E_ACCOUNTS_DATABASE_TEMPLATE) database = await copyTemplateDatabase(process.env.E2E_ACCOUNTS_DATABASE_TEMPLATE);
  server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_ORIGIN: ORIGIN,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Portal <no-reply@portal.test>',
      ...JOURNEY_SERVER_ENV,
      ...(database ? { DATABASE_URL: database.url.toString() } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${ORIGIN}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 270_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (database) await adminQuery(database.admin, `drop database if exists "${database.url.pathname.slice(1)}" with (force)`);
});

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database copied from the seeded template (its name + this start's time), and the connection to drop it. */
async function copyTemplateDatabase(templateUrl: string) {
  const on = (database: string) => Object.assign(new URL(templateUrl), { pathname: `/${database}` });
  const templateName = new URL(templateUrl).pathname.slice(1);
  const name = `${templateName.replace(/_tpl$/, '')}_acc_${PORT}_${Date.now()}`;
  const admin = on('postgres').toString();
  await adminQuery(admin, `create database "${name}" template "${templateName}"`);
  return { url: on(name), admin };
}

async function fillRegistration(page: Page, v: { email: string; loginName: string; password: string }) {
  await page.getByLabel('邮箱').fill(v.email);
  await page.getByLabel('登录名').fill(v.loginName);
  await page.getByLabel('企业名称').fill('苏州旭日精密制造有限公司');
  await page.getByLabel('手机号码').fill('13812345678');
  await page.getByLabel('登录密码').fill(v.password);
  await page.getByLabel('确认密码').fill(v.password);
  await page.getByRole('checkbox').check();
}

test('a newcomer registers, activates from the mail, logs in, changes the password and logs in with it', async ({ page }) => {
  test.setTimeout(120_000); // a proof-of-work challenge and four password hashes on a shared machine
  const loginName = `xuri_${Date.now() % 1_000_000}`;
  const email = `${loginName}@xuri.example.cn`;
  await page.goto('/');
  await page.getByRole('link', { name: '免费注册' }).click();
  await expect(page).toHaveURL(/\/trade\/register$/);

  // A taken login name is answered under its field, and nothing is lost from the form.
  // Every submission consumes its proof of work and the form solves the next one in the browser: how
  // long that takes is random (about 65,000 hashes on average, several times that now and then, on a
  // loaded machine), so each click waits for a solved challenge first, not inside the next expectation.
  await fillRegistration(page, { email, loginName: 'DEMO', password: 'Xuri2026ok' });
  await expect(page.getByTestId('challenge-ready')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('该登录名已被注册，请换一个')).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveValue(email);

  await page.getByLabel('登录名').fill(loginName);
  await expect(page.getByTestId('challenge-ready')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByTestId('register-done')).toContainText(email, { timeout: 20_000 });

  const activation = await linkFromMail(email, '/trade/activate');
  expect(activation.startsWith(`${ORIGIN}/trade/activate?token=`)).toBe(true);
  await page.goto(activation);
  await expect(page.getByText('账户已激活')).toBeVisible();
  await page.getByRole('link', { name: /立即登录/ }).click();
  await expect(page.getByLabel('用户名')).toHaveValue(loginName);
  await page.getByLabel('密码').fill('Xuri2026ok');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expectSignedInShell(page);

  // The link works once: opened again it explains and offers a new mail.
  await page.goto(activation);
  await expect(page).toHaveURL(/\/trade\/opttimeout\?type=activate&reason=USED$/);
  await expect(page.getByTestId('opttimeout')).toContainText('已经使用过');

  await page.goto('/sys/setting');
  await page.getByLabel('原密码').fill('Xuri2026ok');
  await page.getByLabel('新密码', { exact: true }).fill('Xuri2027ok');
  await page.getByLabel('确认新密码').fill('Xuri2027ok');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sessions')).toContainText('当前设备');

  await logoutThroughPage(page);
  await page.goto('/login');
  await page.getByLabel('用户名').fill(loginName);
  await page.getByLabel('密码').fill('Xuri2026ok');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await loginThroughPage(page, loginName, 'Xuri2027ok');
});

test('a forgotten password is reset from the mail; the old one is refused afterwards', async ({ page }) => {
  const before = inbox.length;
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/trade\/forgetpwd$/);
  await page.getByLabel('登录名或邮箱').fill(DEMO.purchaseSales);
  await page.getByRole('button', { name: '发送重置邮件' }).click();
  await expect(page.getByTestId('forgetpwd-done')).toContainText('如果该账户存在');

  const link = await linkFromMail('trade@yuanhang.example.cn', '/trade/resetpwd', before);
  await page.goto(link);
  await page.getByLabel('新密码', { exact: true }).fill('Reset2026ok');
  await page.getByLabel('确认新密码').fill('Reset2026ok');
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByTestId('resetpwd-done')).toContainText('密码已重置');

  await page.goto('/login');
  await page.getByLabel('用户名').fill(DEMO.purchaseSales);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await loginThroughPage(page, DEMO.purchaseSales, 'Reset2026ok');

  // The reset link is single-use.
  await page.goto(link);
  await expect(page).toHaveURL(/\/trade\/opttimeout\?type=reset&reason=USED$/);
});

test('a second login elsewhere sends the older browser to the login mask; the interrupted form is kept', async ({ browser }) => {
  const older = await browser.newContext();
  const newer = await browser.newContext();
  try {
    const a = await older.newPage();
    await loginThroughPage(a, DEMO.merchant);
    await a.goto('/sys/setting');
    await a.getByLabel('原密码').fill(DEMO_PASSWORD);
    await a.getByLabel('新密码', { exact: true }).fill('Demo2027ok');
    await a.getByLabel('确认新密码').fill('Demo2027ok');

    const b = await newer.newPage();
    await loginThroughPage(b, DEMO.merchant); // answered AlreadyOnLine: the older session ends

    await a.getByRole('button', { name: '确认修改' }).click();
    const mask = a.getByRole('dialog', { name: '登录已失效，请重新登录' });
    await expect(mask).toBeVisible();
    await expect(a.getByLabel('原密码')).toHaveValue(DEMO_PASSWORD);
    await mask.getByLabel('用户名').fill(DEMO.merchant);
    await mask.getByLabel('密码').fill(DEMO_PASSWORD);
    await mask.getByRole('button', { name: /登\s*录/ }).click();
    await expect(mask).toBeHidden();
    // Still on the page with what was typed; the action can simply be sent again.
    await expect(a).toHaveURL(/\/sys\/setting$/);
    await expect(a.getByLabel('新密码', { exact: true })).toHaveValue('Demo2027ok');
    await a.getByRole('button', { name: '确认修改' }).click();
    // A password change hashes twice (scrypt): over 10 s on a loaded machine at full cost (seen).
    await expect(a.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible({ timeout: 30_000 });
  } finally {
    await older.close();
    await newer.close();
  }
});

test('five wrong passwords lock the account for 15 minutes, even against the right one', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(DEMO.warehouse);
  // One answer for every refusal, so nobody learns which accounts exist or how many tries are left.
  const wrong = '用户名或密码错误。连续输错 5 次，账户将锁定 15 分钟';
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel('密码').fill(`Wrong${i}pass`);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByTestId('login-error')).toContainText(wrong);
  }
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText(wrong);
  await expect(page).toHaveURL(/\/login/);
});

test('the public content pages: portal, FAQ search, about us, embedded help, site information', async ({ page }) => {
  await page.goto('/trade/index');
  await expect(page.getByTestId('product-supply')).toContainText('年化利率');
  await expect(page.getByTestId('faq-highlights')).toContainText('如何注册平台账户？');

  await page.goto('/trade/faq');
  await expect(page.getByTestId('faq-group')).toHaveCount(4);
  await page.getByRole('searchbox', { name: '搜索常见问题' }).fill('锁定');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByTestId('faq')).toContainText('为什么账户被锁定了？');
  await expect(page.getByTestId('faq')).not.toContainText('虚拟账户的资金安全吗？');

  await page.goto('/trade/aboutus');
  await expect(page.getByTestId('aboutus-phone')).toHaveText(/\d{3}-\d{3}-\d{4}/);
  await expect(page.getByTestId('aboutus-address')).toContainText('上海市');

  await page.goto('/sys/embed/0');
  await expect(page.frameLocator('[data-testid="embed-frame"]').getByRole('heading', { name: '帮助中心' })).toBeVisible();
  await expect(page.getByTestId('embed-frame')).toHaveAttribute('sandbox', /allow-popups/);
  await page.goto('/sys/embed/9');
  await expect(page).toHaveURL(/\/exception\/404$/);

  await loginThroughPage(page, DEMO.operator);
  await page.goto('/sys');
  await expect(page.getByTestId('fee-withdraw')).toHaveText('¥20.00');
  await expect(page.getByTestId('factoring-account')).toContainText(/\d{10,}/);
});

test('the register form fits a 390 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/trade/register`);
    // The register form is drawn with antd, whose chunk a fresh page loads first: as slow as the signed-in shell's on a
    // loaded machine (the stop's run of e9930a4: not there within 10 s), hence the same allowance.
    await expect(page.getByLabel('登录名')).toBeVisible({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole('button', { name: /注\s*册/ }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
