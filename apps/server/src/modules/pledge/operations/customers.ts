// /pledge/supplyLoanKH: the enterprise's downstream customers (客户) that may take delivery of its
// redeemed goods — identified by USCC, or by a contact person and mobile; with the delivery address.
import { deliveryPartyLifecycle, maskMobile, validateUscc } from '@factoring/domain';
import type { PledgeCustomerInput } from '@factoring/domain/contract';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { pledgeCustomers } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope, type Scope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { uniqueViolation } from '../../account/index.ts';
import type { Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

type CustomerRow = typeof pledgeCustomers.$inferSelect;

export const customerView = (r: CustomerRow) => ({
  id: r.id,
  name: r.name,
  uscc: r.uscc,
  contactName: r.contactName,
  contactMobileMasked: r.contactMobile ? maskMobile(r.contactMobile) : null,
  address: r.address,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  disabledAt: r.disabledAt?.toISOString() ?? null,
});

export async function addCustomer(db: Db, scope: EnterpriseScope, actor: Actor, input: PledgeCustomerInput) {
  const uscc = input.uscc ? validateUscc(input.uscc) : null;
  if (uscc && !uscc.ok) throw new BusinessError(uscc.message, 'USCC_INVALID');
  // Two adds racing past the check meet at the one-active unique index: the loser is told the same.
  return inTransaction(db, async (tx) => {
    const [same] = await tx
      .select({ id: pledgeCustomers.id })
      .from(pledgeCustomers)
      .where(
        and(
          eq(pledgeCustomers.enterpriseId, scope.enterpriseId),
          eq(pledgeCustomers.name, input.name),
          eq(pledgeCustomers.status, 'ACTIVE'),
        ),
      );
    if (same) throw new BusinessError(`「${input.name}」已是本企业的有效客户`, 'CUSTOMER_DUPLICATE');
    const [row] = await tx
      .insert(pledgeCustomers)
      .values({
        enterpriseId: scope.enterpriseId,
        name: input.name,
        uscc: uscc?.ok ? uscc.normalized : null,
        contactName: input.contactName || null,
        contactMobile: input.contactMobile || null,
        address: input.address,
        createdBy: actor.id,
      })
      .returning();
    return customerView(row!);
  }).catch((err: unknown) => {
    if (uniqueViolation(err)) throw new BusinessError(`「${input.name}」已是本企业的有效客户`, 'CUSTOMER_DUPLICATE');
    throw err;
  });
}

export async function listCustomers(
  db: Db,
  scope: Scope,
  q: { page: number; size: number; status?: CustomerRow['status']; keyword?: string },
) {
  const where = and(
    ownedBy(scope, pledgeCustomers.enterpriseId),
    q.status ? eq(pledgeCustomers.status, q.status) : undefined,
    q.keyword ? ilike(pledgeCustomers.name, `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const rows = await db
    .select()
    .from(pledgeCustomers)
    .where(where)
    .orderBy(desc(pledgeCustomers.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ total }] = await db.select({ total: count() }).from(pledgeCustomers).where(where);
  return { items: rows.map(customerView), totalCount: total };
}

export async function disableCustomer(db: Db, scope: EnterpriseScope, id: number) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(pledgeCustomers)
      .where(and(eq(pledgeCustomers.id, id), ownedBy(scope, pledgeCustomers.enterpriseId)))
      .for('update');
    if (!row) throw new NotFoundError('客户不存在');
    const updated = await transition(tx, pledgeCustomers, deliveryPartyLifecycle, row, 'DISABLED', { disabledAt: now() });
    return { id: updated.id, status: updated.status };
  });
}
