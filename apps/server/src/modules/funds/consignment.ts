import { and, count, desc, eq } from 'drizzle-orm';
import { consignmentLifecycle, formatYuan, maskBankAccount, type Cents, type ConsignmentStatus } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { consignmentApplications, payees } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { openFundsTask, type Submitter } from './operator-tasks.ts';
import { activePayee } from './payees.ts';
import { now } from '../../lib/clock.ts';

/**
 * Applies for consignment (代付): the factor pays an active whitelisted supplier on the enterprise's
 * behalf, up to a limit, under a purchase contract. Reviewed by an operator.
 */
export async function applyConsignment(
  tx: Tx,
  scope: EnterpriseScope,
  p: { by: Submitter; payeeId: number; contractNo: string; amountLimit: Cents; remark?: string | null },
) {
  const payee = await activePayee(tx, scope, p.payeeId);
  const { contractNo } = p;
  const [pending] = await tx
    .select({ id: consignmentApplications.id })
    .from(consignmentApplications)
    .where(
      and(
        ownedBy(scope, consignmentApplications.enterpriseId),
        eq(consignmentApplications.contractNo, contractNo),
        eq(consignmentApplications.status, 'PENDING'),
      ),
    );
  if (pending) throw new BusinessError('该合同的代付申请正在审核中，请勿重复提交');
  const [a] = await tx
    .insert(consignmentApplications)
    .values({
      enterpriseId: scope.enterpriseId,
      payeeId: payee.id,
      contractNo,
      amountLimit: p.amountLimit,
      remark: p.remark || null,
      createdBy: p.by.id,
    })
    .returning();
  await openFundsTask(tx, {
    type: 'FUNDS_CONSIGNMENT',
    refId: a.id,
    enterpriseId: scope.enterpriseId,
    submittedBy: p.by,
    subject: `代付申请：${payee.name} ¥${formatYuan(p.amountLimit)}`,
    data: { applicationId: a.id, payeeId: payee.id, contractNo, amountLimit: p.amountLimit },
    fields: [
      { label: '收款方', value: payee.name },
      { label: '收款账号', value: payee.accountNo },
      { label: '开户银行', value: payee.bankName },
      { label: '合同编号', value: contractNo },
      { label: '代付额度', value: `¥${formatYuan(p.amountLimit)}` },
      { label: '备注', value: a.remark ?? '' },
    ],
  });
  return { id: a.id, status: a.status };
}

/** Operator's decision on a consignment application. */
export async function reviewConsignment(tx: Tx, applicationId: number, operatorId: number, approve: boolean, note: string | null) {
  const [a] = await tx.select().from(consignmentApplications).where(eq(consignmentApplications.id, applicationId)).for('update');
  if (!a) throw new NotFoundError('代付申请不存在');
  if (a.status !== 'PENDING') throw new BusinessError('该代付申请已审核');
  const status: ConsignmentStatus = approve ? 'APPROVED' : 'REJECTED';
  await transition(tx, consignmentApplications, consignmentLifecycle, a, status, {
    reviewNote: note,
    reviewedBy: operatorId,
    reviewedAt: now(),
  });
  return { before: { status: a.status }, after: { status, reviewNote: note } };
}

/** The enterprise's consignment applications (all, or of one status), newest first. */
export async function listConsignments(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: ConsignmentStatus }) {
  const where = and(
    ownedBy(scope, consignmentApplications.enterpriseId),
    q.status ? eq(consignmentApplications.status, q.status) : undefined,
  );
  const rows = await db
    .select({ a: consignmentApplications, payeeName: payees.name, payeeAccountNo: payees.accountNo, payeeBankName: payees.bankName })
    .from(consignmentApplications)
    .innerJoin(payees, eq(payees.id, consignmentApplications.payeeId))
    .where(where)
    .orderBy(desc(consignmentApplications.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(consignmentApplications).where(where);
  return {
    items: rows.map(({ a, payeeName, payeeAccountNo, payeeBankName }) => ({
      id: a.id,
      payeeId: a.payeeId,
      payeeName,
      payeeAccountNo: maskBankAccount(payeeAccountNo),
      payeeBankName,
      contractNo: a.contractNo,
      amountLimit: a.amountLimit,
      remark: a.remark,
      status: a.status,
      statusLabel: consignmentLifecycle.label(a.status),
      reviewNote: a.reviewNote,
      createdAt: a.createdAt.toISOString(),
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
    })),
    totalCount: Number(n),
  };
}
