import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 8181}`;
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO = { merchant: 'demo', warehouse: 'cangchu', purchaseSales: 'gouxiao', operator: 'operator', checker: 'fuhe' } as const;

/** Logs in through the real login page and waits for the signed-in shell. */
export async function loginThroughPage(page: Page, loginName: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(loginName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await dismissReminder(page);
}

/**
 * The demo merchant has a credit line expiring within 30 days, so the SPEC §4 reminder opens after
 * login; journeys about something else close it (the reminder itself has its own journey).
 */
export async function dismissReminder(page: Page) {
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

/** Logs out through the user menu. */
export async function logoutThroughPage(page: Page) {
  await page.getByTestId('user-menu').hover();
  await page.getByText('退出登录').click();
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
