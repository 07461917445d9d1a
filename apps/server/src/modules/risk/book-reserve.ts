// Booking the risk reserve (issue 27): the operator's 计提风险准备金. In the caller's transaction (the
// idempotent call's): lock the two reserve accounts, recompute the required reserve on the day, refuse
// if it is not what the operator saw, post the difference from what is booked — up (计提) or down (转回)
// — and write the audit row with the reserve before and after. Equal: nothing is posted, and the answer says so.
import { formatYuan, reserveEntry, type IsoDate } from '@factoring/domain';
import type { BookReserveAnswer } from '@factoring/domain/contract';
import type { Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { writeAudit } from '../bpm/index.ts';
import { lockAccounts, postEntry } from '../ledger/index.ts';
import type { LoanBook } from '../financing/index.ts';
import { aging } from './aging.ts';
import { bookOn } from './book.ts';

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

export async function bookReserve(
  loans: LoanBook,
  tx: Tx,
  operator: { id: number; name: string; ip?: string },
  input: { expectedRequired: number; asOf: IsoDate },
): Promise<BookReserveAnswer> {
  // Two bookings at once wait here, so the second reads the first's balance.
  await lockAccounts(tx, [{ factor: 'RISK_RESERVE' }, { factor: 'PROVISION_EXPENSE' }]);
  const a = await aging(tx, input.asOf, await bookOn(loans, tx, input.asOf));
  if (a.requiredReserve !== input.expectedRequired) {
    throw new BusinessError(
      `应计提风险准备金已变为 ${yuan(a.requiredReserve)}（页面显示 ${yuan(input.expectedRequired)}）：账簿在此期间有变动，本次未记账，请刷新后重新确认`,
      'RISK_RESERVE_CHANGED',
    );
  }
  const before = a.bookedReserve;
  const delta = a.requiredReserve - before;
  const answer = { asOf: input.asOf, requiredReserve: a.requiredReserve, bookedBefore: before, bookedAfter: a.requiredReserve, delta };
  if (delta === 0) return { ...answer, refNo: null, words: `已计提 ${yuan(before)}，与应计提金额相等，无需调整，未记账` };

  const memo = `${input.asOf} ${delta > 0 ? '计提' : '转回'}风险准备金（应计提 ${yuan(a.requiredReserve)}）`;
  const posted = await postEntry(tx, reserveEntry({ delta, memo }), { createdBy: operator.id });
  // The audit row in words (issue 37): the booking, the balance before and after, and how the required reserve is made up.
  const rate = (ppm: number) => `${(ppm / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 })} %`;
  const figures = [
    `一般准备 ${yuan(a.generalReserve)}（保理余额 ${yuan(a.factoringBalance)} × ${rate(a.reserveRatePpm)}）`,
    ...a.reserveByBucket.map((l) => `${l.label} 本金 ${yuan(l.principal)} × ${rate(l.ratePpm)} = ${yuan(l.reserve)}`),
  ];
  await writeAudit(tx, {
    taskId: null,
    actor: operator,
    action: 'UPDATE',
    entityType: 'RISK_RESERVE',
    entityId: posted.refNo,
    before: { bookedReserve: before },
    after: {
      bookedReserve: a.requiredReserve,
      requiredReserve: a.requiredReserve,
      delta,
      asOf: input.asOf,
      refNo: posted.refNo,
      generalReserve: a.generalReserve,
      reserveByBucket: a.reserveByBucket,
    },
    comment: memo,
    detail:
      `${delta > 0 ? '计提' : '转回'}风险准备金 ${yuan(Math.abs(delta))}；已计提 ${yuan(before)} → ${yuan(a.requiredReserve)}；` +
      `应计提 ${yuan(a.requiredReserve)}（${input.asOf}）：${figures.join('；')}；流水号 ${posted.refNo}`,
  });
  const words =
    delta > 0
      ? `已计提风险准备金 ${yuan(delta)}，已计提余额 ${yuan(a.requiredReserve)}（流水号 ${posted.refNo}）`
      : `已转回风险准备金 ${yuan(-delta)}，已计提余额 ${yuan(a.requiredReserve)}（流水号 ${posted.refNo}）`;
  return { ...answer, refNo: posted.refNo, words };
}
