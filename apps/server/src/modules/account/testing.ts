/** Helpers for the account tests: what a browser or a mail reader would do, from the outside. */
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, max } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/harness.ts';

/** Finds the counter the way the browser does: sha256(nonce + counter) with `difficulty` leading zero bits. */
export function solvePow(nonce: string, difficulty: number): string {
  const zeroBits = (d: Buffer) => {
    let bits = 0;
    for (const b of d) {
      if (b) return bits + Math.clz32(b) - 24;
      bits += 8;
    }
    return bits;
  };
  for (let i = 0; ; i++)
    if (
      zeroBits(
        createHash('sha256')
          .update(nonce + i)
          .digest(),
      ) >= difficulty
    )
      return String(i);
}

export async function solvedChallenge(c: TestClient) {
  const body = (await c.get('/api/reg/challenge')).json();
  expect(body.status).toBe('OK');
  return { challenge: body.message.nonce as string, counter: solvePow(body.message.nonce, body.message.difficulty) };
}

let seq = 0;
/**
 * A fresh, valid registration body; `over` replaces any field. Passwords given in `over` are plain
 * and get encrypted like the browser does, unless `opts.encrypt` is false.
 */
export async function registration(t: TestApp, c: TestClient, over: Record<string, unknown> = {}, opts: { encrypt?: boolean } = {}) {
  seq += 1;
  const n = `${seq}${Math.floor(Math.random() * 100_000)}`;
  const enc = (v: unknown) => (typeof v === 'string' && opts.encrypt !== false ? t.encrypt(v) : v);
  const { password = 'Passw0rd!', confirmPassword = password, ...rest } = over;
  return {
    email: `user${n}@example.cn`,
    loginName: `user_${n}`,
    enterpriseName: '杭州测试贸易有限公司',
    mobile: '13912345678',
    agree: true,
    ...(await solvedChallenge(c)),
    ...rest,
    password: enc(password),
    confirmPassword: enc(confirmPassword),
  };
}

export async function register(t: TestApp, c: TestClient, over: Record<string, unknown> = {}, opts: { encrypt?: boolean } = {}) {
  const sent = await registration(t, c, over, opts);
  const res = await c.post('/api/reg/email', sent, { json: true });
  return { res, body: res.json(), sent };
}

/** The newest mail to an address in the outbox, waiting for background deliveries. */
export async function latestMail(t: TestApp, to: string, opts: { timeoutMs?: number } = {}) {
  const until = Date.now() + (opts.timeoutMs ?? 3000);
  for (;;) {
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.id)).limit(1);
    if (row || Date.now() > until) return row ?? null;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function mailCount(t: TestApp, to: string) {
  return (await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.toAddress, to))).length;
}

/** The newest outbox id: a mark to wait for mails after it. */
export async function mailMark(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: max(outbox.id) }).from(outbox))[0].id ?? 0;
}

/** The newest mail to an address written after `mark`, waiting for background deliveries. */
export async function mailSince(t: TestApp, to: string, mark: number, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), gt(outbox.id, mark)))
      .orderBy(desc(outbox.id))
      .limit(1);
    if (row) return row;
    if (Date.now() > until) throw new Error(`no mail to ${to} after #${mark}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of a link in a mail's text. */
export function tokenIn(text: string, path: '/trade/activate' | '/trade/resetpwd'): string {
  const m = text.match(new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
}

/** Lets background mail deliveries settle. */
export const settle = () => new Promise((r) => setTimeout(r, 150));
