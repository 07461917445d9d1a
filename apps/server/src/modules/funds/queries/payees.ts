import { maskBankAccount, payeeLifecycle, type PayeeStatus } from '@factoring/domain';
import type { Payee as PayeeView } from '@factoring/domain/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { payees } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { payeeView, type Payee } from '../payee-store.ts';

/** A payee as the whitelist shows it: account numbers masked (in full only in the owner's detail, `payeeDetail`). */
function payeeListView(p: Payee): PayeeView {
  const v = payeeView(p);
  return {
    ...v,
    accountNo: maskBankAccount(v.accountNo),
    pendingChange: v.pendingChange && { ...v.pendingChange, accountNo: maskBankAccount(v.pendingChange.accountNo) },
  };
}

export async function listPayees(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: PayeeStatus; name?: string }) {
  const where = and(
    ownedBy(scope, payees.enterpriseId),
    q.status ? eq(payees.status, q.status) : undefined,
    q.name ? sql`${payees.name} ilike ${`%${q.name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const rows = await db.select().from(payees).where(where).orderBy(desc(payees.id)).limit(q.size).offset(offsetOf(q));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payees)
    .where(where);
  return { items: rows.map(payeeListView), totalCount: Number(n) };
}

/** One payee of the enterprise in full, for its owner (the change form starts from it). */
export async function payeeDetail(db: Db, scope: EnterpriseScope, payeeId: number) {
  const [p] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)));
  if (!p) throw new NotFoundError('收款方不存在');
  return payeeView(p);
}

/** A payee of the enterprise that may be paid now, or a BusinessError saying why not. */
export async function activePayee(db: Db | Tx, scope: EnterpriseScope, payeeId: number) {
  const [p] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)));
  if (!p) throw new NotFoundError('收款方不存在');
  if (p.status !== 'ACTIVE') throw new BusinessError(`收款方「${p.name}」${payeeLifecycle.label(p.status)}，不在生效的白名单中，不能付款`);
  return p;
}

/** The enterprise's payees that may be paid now (the whitelist in force), oldest first. */
export async function activePayees(db: Db | Tx, scope: EnterpriseScope) {
  return db
    .select()
    .from(payees)
    .where(and(ownedBy(scope, payees.enterpriseId), eq(payees.status, 'ACTIVE')))
    .orderBy(asc(payees.id));
}
