import { dueDateWording, formatPercent, formatYuan, INTEREST_MODE_LABELS } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { warehouseDirectory } from '../warehouse/index.ts';
import { generateContract } from '../contracts/index.ts';
import { FACTOR_NAME, platformDirectory } from '../financing/index.ts';
import { goodsOf, itemsOf, pledgedQuantityOf, type PledgeFinancing } from './store.ts';
import { MARGIN_CONTRACT_KIND, PLEDGE_CONTRACT_KIND, PLEDGE_RELATED_TYPE } from './contract-kinds.ts';

export { PLEDGE_RELATED_TYPE } from './contract-kinds.ts';

/**
 * Draws up the pledge contract (质押合同) and, when a margin is asked, the margin agreement
 * (保证金协议) of a new application, in the application's transaction, from their kinds' templates
 * (contract-kinds.ts) with the financing's fixed terms. Both wait for the enterprise's signature; the operator's
 * approval is refused until both are signed (contract-status.ts).
 */
export async function generatePledgeContracts(tx: Tx, f: PledgeFinancing): Promise<number[]> {
  const [platform] = await tx.select().from(platformDirectory).where(eq(platformDirectory.id, f.platformId));
  const [warehouse] = await tx
    .select({ name: warehouseDirectory.name, address: warehouseDirectory.address })
    .from(warehouseDirectory)
    .where(eq(warehouseDirectory.id, f.warehouseId));
  const item = await goodsOf(tx, f.goodsId);
  const quantity = pledgedQuantityOf(await itemsOf(tx, f.id), item.scale);
  const counterparty = platform?.repaymentAccount?.accountName ?? FACTOR_NAME;
  const related = {
    enterpriseId: f.enterpriseId,
    relatedType: PLEDGE_RELATED_TYPE,
    relatedId: f.id,
    relatedNo: f.financingNo,
    counterparty,
  };
  const ids: number[] = [];
  const pledge = await generateContract(tx, {
    ...related,
    kind: PLEDGE_CONTRACT_KIND,
    title: `${platform?.name ?? ''}质押合同（${f.financingNo}）`,
    amount: f.amount,
    data: {
      financingNo: f.financingNo,
      platformName: platform?.name ?? '',
      pledgeGoods: `${item.name}${item.specification ? ` ${item.specification}` : ''}`,
      pledgeQuantity: `${quantity}${item.unit}`,
      pledgeValue: formatYuan(f.valueAtApply),
      warehouse: warehouse ? `${warehouse.name}（${warehouse.address}）` : '',
      pledgeRate: formatPercent(f.pledgeRatePpm),
      warningLine: formatPercent(f.warningLinePpm),
      liquidationLine: formatPercent(f.liquidationLinePpm),
      rate: formatPercent(f.annualRatePpm),
      interestMode: INTEREST_MODE_LABELS[f.interestMode],
      termDays: String(f.termDays),
      startDate: '放款之日',
      dueDate: dueDateWording(f.termDays), // the booked due date: disbursement date + term, as supply loans state it
      interest: formatYuan(f.interest),
      serviceFee: formatYuan(f.serviceFee),
      netAmount: formatYuan(f.netAmount),
    },
  });
  ids.push(pledge.id);
  if (f.margin > 0) {
    const margin = await generateContract(tx, {
      ...related,
      kind: MARGIN_CONTRACT_KIND,
      title: `${platform?.name ?? ''}保证金协议（${f.financingNo}）`,
      amount: f.margin,
      data: {
        financingNo: f.financingNo,
        platformName: platform?.name ?? '',
        marginRate: formatPercent(f.marginRatePpm),
        marginAccount: '甲方虚拟账户保证金子账户（冻结）',
        '主债权金额（元）': formatYuan(f.amount),
        补缴保证金: `质押率超过预警线 ${formatPercent(f.warningLinePpm)} 且价格下跌、或超过平仓线 ${formatPercent(f.liquidationLinePpm)} 时，甲方应于通知期限内补缴至质押率 ${formatPercent(f.pledgeRatePpm)}`,
      },
    });
    ids.push(margin.id);
  }
  return ids;
}
