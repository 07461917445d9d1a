import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';

/**
 * Switches an enterprise user's purchase/sales feature (the flag their session carries), inside the
 * caller's transaction: purchase/sales audits the change beside it. Refuses a user who is not an
 * enterprise's, and a switch already in that position.
 */
export async function switchPurchaseSales(tx: Tx, userId: number, enabled: boolean) {
  const [u] = await tx
    .select({
      id: users.id,
      loginName: users.loginName,
      authority: users.authority,
      enterpriseId: users.enterpriseId,
      enabled: users.purchaseSalesEnabled,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!u) throw new NotFoundError('用户不存在');
  if (u.authority !== 'merchant' || !u.enterpriseId) throw new BusinessError('只能为企业用户开通购销管理', 'NOT_MERCHANT');
  if (u.enabled === enabled) throw new BusinessError(enabled ? '该用户已开通购销管理' : '该用户未开通购销管理', 'UNCHANGED');
  await tx.update(users).set({ purchaseSalesEnabled: enabled }).where(eq(users.id, u.id));
  return { id: u.id, loginName: u.loginName, before: u.enabled };
}
