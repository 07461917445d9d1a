// What may be drawn on a grant, and on which plan: shared by the drawdown (operations/draw.ts), its
// preview (queries/draw-preview.ts) and the credit list's available amount (queries/credits.ts).
import { compareIsoDates, formatYuan, type Cents, type IsoDate, type ScheduleInput } from '@factoring/domain';
import { BusinessError } from '../../lib/envelope.ts';
import type { ApplicationRow } from './store.ts';

/** The schedule input of a drawdown: the granted rate, term and method, from the drawing day. */
export function drawScheduleInput(a: ApplicationRow, amount: number, startDate: IsoDate): ScheduleInput {
  return { principal: amount as Cents, annualRatePpm: a.grantedRatePpm!, months: a.grantedTermMonths!, method: a.method, startDate };
}

export const availableOf = (a: Pick<ApplicationRow, 'grantedAmount' | 'drawnAmount'>) =>
  Math.max(0, (a.grantedAmount ?? 0) - a.drawnAmount);

/** Refuses a drawdown outside the grant: not granted, agreement unsigned, expired, or beyond what is left. */
export function assertDrawable(a: ApplicationRow, amount: number, today: IsoDate): void {
  if (a.status !== 'GRANTED') throw new BusinessError('该申请尚未获得银行授信，不能提款', 'NOT_GRANTED');
  if (!a.agreementSignedAt) throw new BusinessError('请先在合同管理中签署银行云贷借款协议，再申请提款', 'AGREEMENT_UNSIGNED');
  if (compareIsoDates(today, a.expiryDate!) > 0) throw new BusinessError(`授信已于 ${a.expiryDate} 到期，不能再提款`, 'CREDIT_EXPIRED');
  const available = availableOf(a);
  if (amount > available) throw new BusinessError(`提款金额超过可用额度（可用 ${formatYuan(available)} 元）`, 'OVER_AVAILABLE');
}
