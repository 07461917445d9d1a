import { formatPercent, formatYuan, type Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { goodsItem } from '../../warehouse/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Scope } from '../../../lib/scope.ts';
import { createTask } from '../../bpm/index.ts';
import { postMargin } from '../../ledger/index.ts';
import { refuseWhileVoucherPending } from '../voucher-store.ts';
import { itemsOf, lockPledge, movePledge, pledgedQuantityOf, PLEDGE_TASK, type Actor, type PledgeFinancing } from '../store.ts';

/**
 * Pays the margin (保证金) from the enterprise's available funds into its own margin part, shown to it
 * as frozen (/pledge/bondVoucher), in the idempotent transaction the route opens. A margin paid twice is
 * refused by the status (MARGIN_PAID cannot be paid again). The application then goes to the
 * operator for approval.
 */
export async function payMargin(tx: Tx, scope: Scope, id: number, actor: Actor) {
  const f = await lockPledge(tx, scope, id);
  await refuseWhileVoucherPending(tx, f.id, 'MARGIN');
  if (f.status !== 'MARGIN_PENDING')
    throw new BusinessError(f.marginPaid > 0 ? '保证金已缴纳，请勿重复缴纳' : '该融资当前不能缴纳保证金', 'PLEDGE_MARGIN_NOT_DUE');
  const posted =
    f.margin > 0
      ? await postMargin(tx, {
          enterpriseId: f.enterpriseId,
          amount: f.margin as Cents,
          sourceRef: `${f.financingNo} 保证金`,
          createdBy: actor.id,
        })
      : null;
  const paid = await movePledge(
    tx,
    f,
    'MARGIN_PAID',
    actor,
    '缴纳保证金',
    `账户缴纳保证金 ${formatYuan(f.margin)} 元${posted ? `（流水号 ${posted.refNo}）` : ''}`,
    { marginPaid: f.margin },
  );
  await submitForApproval(tx, paid, actor);
  return { id: f.id, status: paid.status, amount: f.margin, refNo: posted?.refNo ?? null };
}

async function submitForApproval(tx: Tx, f: PledgeFinancing, actor: Actor) {
  const [enterprise] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, f.enterpriseId));
  const [platform] = await tx
    .select({ name: platformDirectory.name })
    .from(platformDirectory)
    .where(eq(platformDirectory.id, f.platformId));
  const item = await goodsItem(tx, f.goodsId);
  const quantity = pledgedQuantityOf(await itemsOf(tx, f.id), item!.scale);
  await createTask(tx, {
    type: PLEDGE_TASK.APPROVAL,
    subject: `质押融资审批 ${f.financingNo} ${enterprise?.name ?? ''} ${formatYuan(f.amount)} 元`,
    enterpriseId: f.enterpriseId,
    refId: f.id,
    data: { financingId: f.id, financingNo: f.financingNo, amount: f.amount },
    fields: [
      { label: '融资编号', value: f.financingNo },
      { label: '申请企业', value: enterprise?.name ?? '' },
      { label: '平台', value: platform?.name ?? '' },
      { label: '质押货物', value: `${item!.name} ${quantity}${item!.unit}` },
      { label: '申请时货值（元）', value: formatYuan(f.valueAtApply) },
      { label: '质押率', value: formatPercent(f.pledgeRatePpm) },
      { label: '融资金额（元）', value: formatYuan(f.amount) },
      { label: '融资期限', value: `${f.termDays} 天` },
      { label: '已缴保证金（元）', value: formatYuan(f.marginPaid) },
      { label: '实际放款（元）', value: formatYuan(f.netAmount) },
    ],
    submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
  });
}
