import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../bpm/index.ts';
import { checkNewPassword, LOGIN_NAME, MESSAGES, uniqueViolation } from './rules.ts';

/** A display name: 2–30 characters, no control characters. */
const DISPLAY_NAME = /^[^\p{Cc}]{2,30}$/u;

/** The checks of a new operator that need no database (the command runs them before opening it). */
export function checkOperatorFields(fields: { loginName: string; displayName: string; password: string }) {
  const loginName = fields.loginName.trim();
  const displayName = fields.displayName.trim();
  if (!LOGIN_NAME.test(loginName)) throw new BusinessError(MESSAGES.loginName);
  if (!DISPLAY_NAME.test(displayName)) throw new BusinessError('显示名须为 2–30 个字符');
  checkNewPassword(fields.password, undefined);
  return { loginName, displayName, password: fields.password };
}

/**
 * Creates an operator of the factor (issue 33: a production deployment has no demo world, so its
 * first operators are made by `npm run operator:create`, cli/create-operator.ts). The password obeys
 * the rules of every new password (not the demo one, not a common breached one); the creation is in
 * the audit trail, by the command.
 */
export async function createOperator(db: Db, fields: { loginName: string; displayName: string; password: string }) {
  const { loginName, displayName, password } = checkOperatorFields(fields);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, loginName.toLowerCase()))
        .limit(1);
      if (clash) throw new BusinessError(`登录名 ${loginName} 已被使用`);
      const [user] = await tx
        .insert(users)
        .values({ loginName, displayName, passwordHash, authority: 'operator', status: 'ACTIVE' })
        .returning({ id: users.id, loginName: users.loginName, displayName: users.displayName });
      await writeAudit(tx, {
        taskId: null,
        actor: null,
        action: 'OPERATE',
        entityType: 'system',
        entityId: user.loginName,
        after: { loginName: user.loginName, displayName: user.displayName, authority: 'operator' },
        comment: `由系统管理员在服务器上创建运营账号 ${user.loginName}（${user.displayName}）`,
      });
      return user;
    });
  } catch (err) {
    if (uniqueViolation(err)) throw new BusinessError(`登录名 ${loginName} 已被使用`);
    throw err;
  }
}

/** How many active operators, demo ones aside, the database has (the command says so: four eyes need two). */
export async function countOperators(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.authority, 'operator'), eq(users.status, 'ACTIVE'), eq(users.demo, false)));
  return n;
}
