import type { DrawdownInput } from '@factoring/domain/contract';
import { formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financingTranches } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { requestDisbursement } from './approval.ts';
import { trial } from '../../financing/index.ts';
import { lockFinancing, platformOf, recordEvent, type Actor } from '../store.ts';
import { trancheOverdue } from '../overdue.ts';

/**
 * A drawdown of a signed order loan: within the approved amount (less what is drawn or waiting),
 * each with its own term (≤ the loan's term) and so its own due date; priced at the loan's rates.
 */
export async function requestDrawdown(
  db: Db,
  scope: EnterpriseScope,
  financingId: number,
  actor: Actor,
  input: DrawdownInput,
  today: IsoDate,
) {
  return db.transaction(async (tx) => {
    const financing = await lockFinancing(tx, scope, financingId);
    if (financing.kind !== 'ORDER') throw new BusinessError('只有订单融资可以分笔提款');
    if (!['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(financing.status)) throw new BusinessError('订单融资合同签署后方可提款');
    const open = await tx
      .select({ status: financingTranches.status, dueDate: financingTranches.dueDate })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, financing.id), eq(financingTranches.status, 'DISBURSED')));
    if (open.some((t) => trancheOverdue(t, today))) throw new BusinessError('该融资存在逾期，暂不能提款');
    if (input.termDays > financing.termDays) throw new BusinessError(`提款期限不能超过融资期限 ${financing.termDays} 天`);
    const [{ waiting }] = await tx
      .select({ waiting: sql<number>`coalesce(sum(${financingTranches.amount}), 0)::bigint` })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, financing.id), eq(financingTranches.status, 'PENDING')));
    const room = financing.amount - financing.drawn - Number(waiting);
    if (input.amount > room) throw new BusinessError(`提款金额超过可提款额度（剩余 ${formatYuan(room)} 元）`);
    const platform = await platformOf(tx, financing.platformId);
    const t = trial(
      {
        ...platform,
        annualRatePpm: financing.annualRatePpm,
        serviceFeeRatePpm: financing.serviceFeeRatePpm,
        interestMode: financing.interestMode,
        priceList: [],
      },
      input.amount as Cents,
      input.termDays,
      today,
    );
    const tranche = await requestDisbursement(
      tx,
      financing,
      { amount: input.amount, termDays: input.termDays, interest: t.interest, serviceFee: t.serviceFee, netAmount: t.netDisbursed },
      actor,
    );
    await recordEvent(
      tx,
      financing.id,
      actor,
      `申请第${tranche.seq}笔提款`,
      `提款 ${formatYuan(input.amount)} 元，期限 ${input.termDays} 天`,
    );
    return {
      trancheId: tranche.id,
      seq: tranche.seq,
      interest: t.interest,
      serviceFee: t.serviceFee,
      netAmount: t.netDisbursed,
      plannedDueDate: t.dueDate,
    };
  });
}
