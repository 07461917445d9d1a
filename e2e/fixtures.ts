import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { expect, request, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 8181}`;
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO = { merchant: 'demo', warehouse: 'cangchu', purchaseSales: 'gouxiao', operator: 'operator', checker: 'fuhe' } as const;

/**
 * Waits for the signed-in shell (its user menu) on a page just opened or just logged in. The first signed-in screen
 * of a fresh page loads and runs the admin shell's chunk (~370 KB of antd and the layout): with three journey shards on
 * a 2-core machine that alone took 7.5 s in CI (8 s from the login's answer to the home page's chunk, trace of
 * CI8's supplyloan retry), so 10 s was not enough for login + shell; the wait is for that screen, not a retry.
 */
export async function expectSignedInShell(page: Page) {
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

/** Logs in through the real login page and waits for the signed-in shell. */
export async function loginThroughPage(page: Page, loginName: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(loginName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expectSignedInShell(page);
  await dismissReminder(page);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** This worker's last page login of each user (its cookies and local storage), for signedInAs. */
const sessions = new Map<string, StorageState>();

/**
 * A journey that is not about logging in starts signed in as `loginName` on `path` (issue 34: a login
 * through the page renders the login page and the dashboard and waits for the reminder — the costliest
 * step of many journeys). The first time in a worker it logs in through the page and keeps the session;
 * later it puts that session's cookie into the browser and opens `path` directly, as a user opening a
 * new tab would. Without `path` the page is where the login left it, or blank: the journey opens its
 * page next. One active session per user: when another login (a journey's own, or apiAs) has
 * ended the kept session since, the server says so and this logs in through the page again.
 */
export async function signedInAs(page: Page, loginName: string, path?: string) {
  const context = page.context();
  const kept = sessions.get(loginName);
  if (kept) {
    await context.addCookies(kept.cookies);
    const current = await (await page.request.get('/api/user/current')).json();
    if (current.message?.loginUser?.loginName === loginName) {
      // What the login left in local storage (that the merchant's reminder was shown today), once per tab and
      // only where the journey has not set its own: a new tab of the same browser would find it there.
      const stored = kept.origins.find((o) => o.origin === new URL(BASE_URL).origin)?.localStorage ?? [];
      await context.addInitScript((items) => {
        try {
          if (sessionStorage.getItem('e2e-session-restored')) return;
          sessionStorage.setItem('e2e-session-restored', '1');
          for (const { name, value } of items) if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
        } catch {
          // a sandboxed frame or a blank page has no storage of its own
        }
      }, stored);
      if (path) {
        await page.goto(path);
        await expectSignedInShell(page);
      }
      return;
    }
    sessions.delete(loginName);
    await context.clearCookies();
  }
  await loginThroughPage(page, loginName);
  sessions.set(loginName, await context.storageState());
  if (path) await page.goto(path);
}

/**
 * Opens a page of the app as a link in it would: through the router (history.pushState and a popstate, which react-router's
 * BrowserRouter follows) instead of a new document (issue 34) — a load costs the renderer about 1 CPU s (the document, the
 * app's scripts, the shell's first render), the router renders only the new page. For journeys that only read what they
 * open: a list the query cache still holds is shown as it is, as a user clicking a link would see it. The router keeps the
 * old page on screen until the new page's chunk is in (a transition): the wait is for a route the app says it has
 * committed (`html[data-route]`, app/RootLayout.tsx), cleared first — the page's own, or where the page sends the user
 * on (a link without its token goes to /trade/opttimeout, as a load of it would; waiting for the address asked for
 * missed that and waited 15 s). True at once on the page asked for; false when no route came: the caller loads the page.
 */
export async function openThroughRouter(page: Page, path: string): Promise<boolean> {
  const alreadyThere = await page.evaluate((to) => {
    if (location.pathname + location.search === to) return true;
    delete document.documentElement.dataset.route;
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return false;
  }, path);
  if (alreadyThere) return true;
  return page
    .waitForFunction(() => Boolean(document.documentElement.dataset.route), null, { timeout: 15_000 })
    .then(
      () => true,
      () => {
        console.warn(`[journeys] ${path} did not open through the router: loaded anew`);
        return false;
      },
    );
}

/**
 * The demo merchant has a credit line expiring within 30 days, so the SPEC §4 reminder opens after
 * login; journeys about something else close it (the reminder itself has its own journey). A merchant
 * with nothing due gets none: that costs a 3 s wait.
 */
export async function dismissReminder(page: Page) {
  // Only a merchant is reminded (app/useExpiryReminder.ts): for an operator there is nothing to wait for.
  const current = await (await page.request.get('/api/user/current')).json();
  if (current.message?.loginUser?.authority !== 'merchant') return;
  const reminder = page.getByRole('dialog', { name: '到期提醒' });
  try {
    await reminder.waitFor({ state: 'visible', timeout: 3_000 });
  } catch {
    return; // no reminder for this user
  }
  await reminder.getByRole('button', { name: 'Close' }).or(reminder.locator('.ant-modal-close')).first().click();
  await expect(reminder).toBeHidden();
}

/**
 * Confirms the operator's decision dialog in /bpm/tasks. antd zooms the dialog out of the button that
 * opened it; on a loaded machine a click during that animation can land on the still-moving button
 * and do nothing (seen in CI), so the click waits for the dialog's animations to end, and the dialog
 * must then close — the decision was sent and accepted.
 */
export async function confirmDecision(page: Page) {
  const confirm = page.getByTestId('confirm-decision');
  const dialog = page.getByRole('dialog').filter({ has: confirm });
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await confirm.click();
  await expect(dialog).toBeHidden();
}

/**
 * Logs out through the user menu, which opens on hover. The pointer rests where the hover left it: when the shell
 * renders the menu's trigger anew just after (the dashboard still arriving), no new `mouseenter` comes and the menu
 * stays shut, as for a user whose mouse did not move (seen once in a four-shard run, the journey's screenshot showing
 * the shell with the menu closed). So the pointer moves onto it again until the menu shows, as that user's would.
 */
export async function logoutThroughPage(page: Page) {
  const logout = page.getByText('退出登录');
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByTestId('user-menu').hover();
    await expect(logout).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await logout.click();
  await expect(page.getByTestId('landing').or(page.getByTestId('login-form'))).toBeVisible();
}

/** The RSA-OAEP (SHA-256) encryption the browser does, for API calls made by a test. */
export async function encryptForServer(api: APIRequestContext, password: string): Promise<string> {
  const { modulus, exponent } = (await (await api.get('/api/user/current')).json()).message;
  const key = createPublicKey({
    key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') },
    format: 'jwk',
  });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}

/**
 * An API client logged in as a user, for the other role of a journey (e.g. the operator approving
 * what the user submitted in the browser). It sends the marker and origin the server requires.
 */
export async function apiAs(loginName: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL } });
  const res = await api.post('/api/login', {
    form: { username: loginName, password: await encryptForServer(api, password), loginType: 'PASSWORD', maskLoginVisible: 'false' },
  });
  const body = await res.json();
  if (body.status === 'ERROR') throw new Error(`login as ${loginName} failed: ${body.message}`);
  return api;
}

/**
 * The debtor's part of an approved invoice financing (issue 36), through the real API, so that its money may go
 * out: the supplier (`merchant`) signs the notice of assignment drawn up at the approval, the operator countersigns
 * it (on the disclosed demo platform it reaches 浙江远航 in the portal at once), and 浙江远航 (`gouxiao`) confirms
 * the financing's invoices (确权, with its signed letters) and acknowledges the notice — each with its password.
 */
export async function clearAssignment(financingNo: string, merchant: APIRequestContext, operator: APIRequestContext) {
  // The merchant may be a page's own request context (its session): the marker and origin go with each write.
  const headers = { 'X-Requested-With': 'XMLHttpRequest', Origin: BASE_URL };
  const ok = async <T>(pending: Promise<{ json(): Promise<unknown> }>): Promise<T> => {
    const body = (await (await pending).json()) as { status: string; message: T };
    expect(body.status, JSON.stringify(body)).toBe('OK');
    return body.message;
  };
  const noticeNo = `ZR${financingNo}`;
  const contracts = await ok<{ items: { id: number; status: string; relatedId: string; relatedNo: string | null }[] }>(
    merchant.get('/api/contracts', { params: { type: 'ASSIGNMENT_NOTICE', keyword: noticeNo, size: 50 } }),
  );
  const notice = contracts.items.find((c) => c.relatedNo === noticeNo);
  expect(notice, `the notice of assignment ${noticeNo}`).toBeDefined();
  if (notice!.status === 'TO_SIGN')
    await ok(
      merchant.post(`/api/contracts/${notice!.id}/sign`, { form: { password: await encryptForServer(merchant, DEMO_PASSWORD) }, headers }),
    );
  const tasks = await ok<{ items: { id: number; refId: string }[] }>(
    operator.get('/api/bpm/tasks', { params: { type: 'ASSIGNMENT_NOTICE', state: 'PENDING', size: 200 } }),
  );
  const task = tasks.items.find((x) => x.refId === notice!.relatedId);
  if (task) await ok(operator.post(`/api/bpm/tasks/${task.id}/approve`, { data: { comment: '会签' } }));
  const debtor = await apiAs(DEMO.purchaseSales);
  try {
    const inbox = await ok<{ items: { assetId: number; financingNo: string }[] }>(
      debtor.get('/api/receivables/confirmations', { params: { status: 'PENDING', size: 200 } }),
    );
    const assetIds = inbox.items.filter((i) => i.financingNo === financingNo).map((i) => i.assetId);
    if (assetIds.length)
      await ok(
        debtor.post('/api/receivables/confirmations/confirm', {
          data: { assetIds, password: await encryptForServer(debtor, DEMO_PASSWORD), idempotencyKey: randomUUID() },
        }),
      );
    const notices = await ok<{ items: { id: number; noticeNo: string; status: string }[] }>(
      debtor.get('/api/receivables/notices', { params: { size: 200 } }),
    );
    const sent = notices.items.find((n) => n.noticeNo === noticeNo && n.status === 'SENT');
    if (sent)
      await ok(
        debtor.post(`/api/receivables/notices/${sent.id}/acknowledge`, {
          data: { password: await encryptForServer(debtor, DEMO_PASSWORD), idempotencyKey: randomUUID() },
        }),
      );
  } finally {
    await debtor.dispose();
  }
}
