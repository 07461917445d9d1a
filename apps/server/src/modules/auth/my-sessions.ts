import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { SessionStore } from './sessions.ts';
import * as clock from '../../lib/clock.ts';

const RECENT = 5;

/** A short "browser on system" label from a user agent, for people rather than machines. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /MicroMessenger/.test(ua)
      ? '微信'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|HeadlessChrome/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !system) return ua.slice(0, 40);
  return [browser ?? '浏览器', system].filter(Boolean).join(' · ');
}

/**
 * The caller's active sessions (their own first) and the last few that ended, with why. A session
 * past its idle or absolute lifetime counts as ended even before anyone has presented it again.
 */
export async function listMySessions(db: Db, userId: number, currentSessionId: string, idleMinutes: number, now = clock.now()) {
  const view = (s: typeof sessions.$inferSelect) => ({
    id: s.id,
    current: s.id === currentSessionId,
    device: describeDevice(s.userAgent),
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    endedAt: s.endedAt,
    endReason: s.endReason,
  });
  const [active, ended] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - idleMinutes * 60_000)),
        ),
      )
      .orderBy(sql`${sessions.id} = ${currentSessionId} desc`, desc(sessions.lastSeenAt)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.endedAt)))
      .orderBy(desc(sessions.endedAt))
      .limit(RECENT),
  ]);
  return { active: active.map(view), recent: ended.map(view) };
}

/** Signs out one of the caller's other sessions; anyone else's session is "not found". */
export async function revokeMySession(db: Db, store: SessionStore, userId: number, currentSessionId: string, id: string) {
  if (id === currentSessionId) throw new BusinessError('这是当前会话，请使用“退出登录”');
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .limit(1);
  if (!row) throw new NotFoundError('会话不存在或已结束');
  await store.end(row.id, 'REVOKED');
}
