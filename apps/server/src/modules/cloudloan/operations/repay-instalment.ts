import { cloudLoanInstalmentLifecycle, formatYuan, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { assertServicing, collectInstalment, dueNowOf, instalmentsOf } from '../servicing.ts';
import type { Actor, DrawdownRow } from '../store.ts';

/** The user repays an instalment before (or after) its due date: the earliest unpaid one, amount exactly what it takes today. */
export async function repayInstalment(
  tx: Tx,
  banks: BankAdapters,
  d: DrawdownRow,
  period: number,
  amount: number,
  today: IsoDate,
  actor: Actor,
) {
  assertServicing(d);
  const all = await instalmentsOf(tx, d.id);
  const i = all.find((x) => x.period === period);
  if (!i) throw new BusinessError(`第 ${period} 期不存在`, 'NO_SUCH_PERIOD');
  if (i.status !== 'PENDING')
    throw new BusinessError(`第 ${period} 期${cloudLoanInstalmentLifecycle.label(i.status)}，无需再还`, 'ALREADY_PAID');
  const first = all.find((x) => x.status === 'PENDING')!;
  if (first.period !== period) throw new BusinessError(`请按顺序还款，先归还第 ${first.period} 期`, 'OUT_OF_ORDER');
  const owed = dueNowOf(d, i, today);
  if (amount > owed) throw new BusinessError(`还款金额超过该期应还金额（应还 ${formatYuan(owed)} 元）`, 'OVER_OWED');
  if (amount < owed) throw new BusinessError(`还款金额应为该期应还金额 ${formatYuan(owed)} 元`, 'AMOUNT_MISMATCH');
  return collectInstalment(tx, banks, d, i, 'EARLY_INSTALMENT', today, actor);
}
