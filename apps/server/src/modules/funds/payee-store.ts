// Shared pieces of the payee whitelist: the row and its view, the fields its review task shows, the
// check against a second payee of the same account, and the owner's lock for a change.
import { payeeLifecycle } from '@factoring/domain';
import type { Payee as PayeeView, PayeeInput } from '@factoring/domain/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payees } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';

export type Payee = typeof payees.$inferSelect;

export function payeeView(p: Payee): PayeeView {
  return {
    id: p.id,
    name: p.name,
    bankName: p.bankName,
    accountNo: p.accountNo,
    relation: p.relation,
    status: p.status,
    statusLabel: payeeLifecycle.label(p.status),
    pendingChange: p.pendingChange ?? null,
    reviewNote: p.reviewNote,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
  };
}

export const fieldsOf = (v: PayeeInput) => [
  { label: '收款方名称', value: v.name },
  { label: '开户银行', value: v.bankName },
  { label: '收款账号', value: v.accountNo },
  { label: '关系', value: v.relation === 'UPSTREAM' ? '上游供应商' : '下游客户' },
];

export async function refuseDuplicate(tx: Tx, scope: EnterpriseScope, accountNo: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        ownedBy(scope, payees.enterpriseId),
        eq(payees.accountNo, accountNo),
        inArray(payees.status, ['PENDING', 'ACTIVE']),
        exceptId ? ne(payees.id, exceptId) : undefined,
      ),
    );
  if (dup) throw new BusinessError('该收款账号已在白名单中或正在审核，请勿重复添加');
}

/** A payee of the caller's enterprise, locked for the change; another enterprise's reads as none. */
export async function lockOwnPayee(tx: Tx, scope: EnterpriseScope, payeeId: number) {
  const [p] = await tx
    .select()
    .from(payees)
    .where(and(eq(payees.id, payeeId), ownedBy(scope, payees.enterpriseId)))
    .for('update');
  if (!p) throw new NotFoundError('收款方不存在');
  return p;
}
