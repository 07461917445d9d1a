import { and, eq } from 'drizzle-orm';
import { formatYuan, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { consignmentApplications } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { openFundsTask, type Submitter } from '../operator-tasks.ts';
import { activePayee } from '../queries/payees.ts';

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
