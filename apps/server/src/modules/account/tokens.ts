import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';
import { TokenError } from './rules.ts';
import * as clock from '../../lib/clock.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** PRODUCT §3: activation links live 24 hours, reset links 30 minutes. */
export const TOKEN_MINUTES: Record<TokenPurpose, number> = { ACTIVATE: 24 * 60, RESET: 30 };
/** At most one mail of a kind per account and minute, so nobody can flood someone's mailbox. */
export const MAIL_INTERVAL_MS = 60_000;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const MESSAGES: Record<TokenPurpose, Record<TokenError['reason'], string>> = {
  ACTIVATE: {
    INVALID: '激活链接无效，请确认链接完整，或重新发送激活邮件',
    EXPIRED: '激活链接已过期（有效期 24 小时），请重新发送激活邮件',
    USED: '激活链接已使用过。账户已激活的，请直接登录',
  },
  RESET: {
    INVALID: '重置密码链接无效，请确认链接完整，或重新申请找回密码',
    EXPIRED: '重置密码链接已过期（有效期 30 分钟），请重新申请找回密码',
    USED: '重置密码链接已使用过，请重新申请找回密码',
  },
};

/**
 * Issues a token for a user; the user's older unused tokens of the same purpose stop working, so
 * only the newest mail's link opens. Answers the token for the mail (the table keeps its hash).
 */
export async function issueToken(tx: Db | Tx, userId: number, purpose: TokenPurpose, now = clock.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(accountTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_MINUTES[purpose] * 60_000),
  });
  return token;
}

/** The newest token of a purpose was mailed less than a minute ago. */
export async function mailedRecently(db: Db, userId: number, purpose: TokenPurpose, now = clock.now()): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, new Date(now.getTime() - MAIL_INTERVAL_MS)),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Finds a usable token; with a transaction, locks its row and marks it used. Throws TokenError
 * (INVALID, EXPIRED or USED) otherwise.
 */
export async function checkToken(db: Db | Tx, token: string, purpose: TokenPurpose, opts: { consume?: boolean; now?: Date } = {}) {
  const now = opts.now ?? clock.now();
  if (!TOKEN_FORMAT.test(token)) throw new TokenError('INVALID', MESSAGES[purpose].INVALID);
  const query = db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  const [row] = opts.consume ? await query.for('update') : await query;
  if (!row) throw new TokenError('INVALID', MESSAGES[purpose].INVALID);
  if (row.usedAt) throw new TokenError('USED', MESSAGES[purpose].USED);
  if (row.expiresAt <= now) throw new TokenError('EXPIRED', MESSAGES[purpose].EXPIRED);
  if (opts.consume) await db.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.id));
  return row;
}
