import { chinaDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pledgeCustomers, pledgeSignPersons, users } from '../db/schema/index.ts';
import { addCustomer, addSignPerson } from '../modules/pledge/index.ts';

/**
 * The demo enterprise's receivers of redeemed goods (issue 14): a designated signer and a downstream
 * customer, added through the real operations, so a redemption in the demo can name one at once.
 */
export async function seedPledgeDelivery(db: Db) {
  const [demo] = await db.select().from(users).where(eq(users.loginName, 'demo'));
  if (!demo?.enterpriseId) return;
  const [already] = await db
    .select({ id: pledgeSignPersons.id })
    .from(pledgeSignPersons)
    .where(eq(pledgeSignPersons.enterpriseId, demo.enterpriseId))
    .limit(1);
  const [anyCustomer] = await db
    .select({ id: pledgeCustomers.id })
    .from(pledgeCustomers)
    .where(eq(pledgeCustomers.enterpriseId, demo.enterpriseId))
    .limit(1);
  if (already || anyCustomer) return;
  const scope = { kind: 'enterprise', enterpriseId: demo.enterpriseId, userId: demo.id, certified: true, warehouse: false } as const;
  const actor = { id: demo.id, name: demo.displayName };
  await addSignPerson(db, scope, actor, { name: '赵德胜', idCard: '320583198506122312', mobile: '13917260548' }, chinaDate());
  await addCustomer(db, scope, actor, {
    name: '无锡宏远金属制品有限公司',
    uscc: '91320206MA1Y8QW3PC',
    contactName: '周宏',
    contactMobile: '13862017735',
    address: '江苏省无锡市惠山区堰桥街道锡澄路288号宏远金属园2号库',
  });
}
