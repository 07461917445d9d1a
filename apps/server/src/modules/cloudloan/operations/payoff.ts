import { compareIsoDates, formatYuan, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { afterRepayment, assertServicing, book, instalmentsOf, payoffQuote, penaltyOf } from '../servicing.ts';
import { plans, type Actor, type DrawdownRow } from '../store.ts';

/** Pays the whole loan off at today's quote; instalments not yet due are closed. */
export async function payOff(tx: Tx, banks: BankAdapters, d: DrawdownRow, amount: number, today: IsoDate, actor: Actor) {
  assertServicing(d);
  const all = await instalmentsOf(tx, d.id);
  const quote = payoffQuote(d, all, today);
  if (amount > quote.total) throw new BusinessError(`结清金额超过应还总额（应还 ${formatYuan(quote.total)} 元）`, 'OVER_OWED');
  if (amount < quote.total)
    throw new BusinessError(`结清金额应为应还总额 ${formatYuan(quote.total)} 元，请刷新报价后重试`, 'AMOUNT_MISMATCH');
  const collected = await book(tx, banks, d, {
    kind: 'PAYOFF',
    period: null,
    principal: quote.principal,
    interest: quote.interest,
    penalty: quote.penalty,
    businessDate: today,
    actor,
  });
  for (const i of all.filter((x) => x.status === 'PENDING')) {
    const due = compareIsoDates(i.dueDate, today) <= 0;
    await plans.settle(tx, i, due ? 'PAID' : 'CLOSED', { paidAt: today, penaltyToDate: penaltyOf(d, i, today), penaltyAsOf: today });
  }
  const after = await afterRepayment(tx, d, collected, 'PAYOFF', actor);
  return { ...collected, status: after.status };
}
