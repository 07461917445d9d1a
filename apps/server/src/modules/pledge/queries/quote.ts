// What a set of chosen goods is worth and how much may be lent on it (shared by the live trial and
// the application, so both say exactly the same). Every line must be the caller's own stock or own
// live receipt, of one goods item in one warehouse, accepted by the platform.
import {
  collateralValue,
  formatPercent,
  formatYuan,
  maxPledgeLoan,
  pledgeMargin,
  qty,
  sumQuantities,
  toQuantityText,
  type Cents,
  type IsoDate,
} from '@factoring/domain';
import type { PledgeTrialInput } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { pledgeTerms } from '../../../db/schema/index.ts';
import { goodsItem, type GoodsItem } from '../../warehouse/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { availableOf, creditLineDirectory, type CreditLine } from '../../credit/index.ts';
import { platformOf, trial, type Platform, type Trial } from '../../financing/index.ts';
import { chosenLines, loadChosenStock, type ChosenLine } from '../chosen-stock.ts';
import { requirePrice } from '../store.ts';

export type ResolvedLine = ChosenLine;

export interface PledgeQuote {
  line: CreditLine;
  platform: Platform;
  terms: typeof pledgeTerms.$inferSelect;
  goods: GoodsItem;
  warehouseId: number;
  lines: ResolvedLine[];
  quantity: string;
  unitPrice: number;
  value: number;
  maxByValue: number;
  available: number;
  maxAmount: number;
  margin: number;
  trial: Trial | null;
}

/** Resolves the chosen lines against the caller's own stock (no locks: the pledge itself re-checks under lock). */
async function resolveLines(db: Db | Tx, scope: EnterpriseScope, input: PledgeTrialInput['lines']) {
  const stock = await loadChosenStock(db, scope, input);
  const goodsIds = new Set(stock.positions.map((p) => p.goodsId));
  const warehouseIds = new Set(stock.positions.map((p) => p.warehouseId));
  if (goodsIds.size !== 1 || warehouseIds.size !== 1)
    throw new BusinessError('一笔质押融资只能质押同一仓库的同一种货物', 'PLEDGE_MIXED_GOODS');
  const lines = chosenLines(input, stock, (p) => `质押数量超过可用数量 ${p.available}`);
  return { goodsId: [...goodsIds][0]!, warehouseId: [...warehouseIds][0]!, lines };
}

export async function quotePledge(
  db: Db | Tx,
  scope: EnterpriseScope,
  input: PledgeTrialInput,
  today: IsoDate,
  lockedLine?: CreditLine,
): Promise<PledgeQuote> {
  const line =
    lockedLine ??
    (
      await db
        .select()
        .from(creditLineDirectory)
        .where(and(eq(creditLineDirectory.id, input.creditLineId), ownedBy(scope, creditLineDirectory.enterpriseId)))
    )[0];
  if (!line) throw new NotFoundError('授信不存在');
  const platform = await platformOf(db, line.platformId);
  if (platform.product !== 'PLEDGE') throw new BusinessError('该授信不属于质押融资平台', 'PLEDGE_WRONG_PLATFORM');
  const { goodsId, warehouseId, lines } = await resolveLines(db, scope, input.lines);
  const item = await goodsItem(db, goodsId);
  const [terms] = await db
    .select()
    .from(pledgeTerms)
    .where(and(eq(pledgeTerms.platformId, platform.id), eq(pledgeTerms.goodsId, goodsId)));
  if (!terms) throw new BusinessError(`平台「${platform.name}」不接受「${item!.name}」质押`, 'PLEDGE_GOODS_NOT_ACCEPTED');
  const price = await requirePrice(db, goodsId);
  const quantity = toQuantityText(sumQuantities(...lines.map((l) => qty(l.quantity))), item!.scale);
  const value = collateralValue(quantity, price.unitPrice);
  const maxByValue = maxPledgeLoan(value, terms.pledgeRatePpm);
  const available = availableOf(line);
  const maxAmount = Math.min(maxByValue, available);
  const amount = input.amount;
  return {
    line,
    platform,
    terms,
    goods: item!,
    warehouseId,
    lines,
    quantity,
    unitPrice: price.unitPrice,
    value,
    maxByValue,
    available,
    maxAmount,
    margin: amount > 0 ? pledgeMargin(amount, terms.marginRatePpm) : 0,
    trial: amount > 0 ? trial(platform, amount as Cents, input.termDays, today, 'PLEDGE_TERM_TOO_LONG') : null,
  };
}

/** The application's limits: term, value × pledge rate, available credit. */
export function checkPledgeAmount(q: PledgeQuote, amount: number, termDays: number) {
  if (termDays > q.platform.maxTermDays)
    throw new BusinessError(`融资期限不能超过平台最长期限 ${q.platform.maxTermDays} 天`, 'PLEDGE_TERM_TOO_LONG');
  if (amount > q.maxByValue) {
    throw new BusinessError(
      `融资金额超过可融资额度：货值 ${formatYuan(q.value)} 元 × 质押率 ${formatPercent(q.terms.pledgeRatePpm)} = ${formatYuan(q.maxByValue)} 元`,
      'PLEDGE_OVER_RATE',
    );
  }
  if (amount > q.available) throw new BusinessError(`融资金额超过可用授信额度（可用 ${formatYuan(q.available)} 元）`, 'PLEDGE_OVER_CREDIT');
}
