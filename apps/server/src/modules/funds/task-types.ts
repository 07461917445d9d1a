import type { TaskType } from '../bpm/index.ts';
import { confirmWithdrawalPaid } from './operations/confirm-withdrawal-paid.ts';
import { creditDeposit } from './operations/credit-deposit.ts';
import { failWithdrawal } from './operations/fail-withdrawal.ts';
import { reviewConsignment } from './operations/review-consignment.ts';
import { reviewPayee } from './operations/review-payee.ts';
import { reviewWithdrawal } from './operations/review-withdrawal.ts';

/**
 * The operator tasks of the fund account in the `/bpm/tasks` inbox (listed in `TASK_TYPES`, app.ts).
 * Each handler runs inside the decision's transaction (the task row locked by the inbox), so the
 * money movement and the task's new state commit together.
 */
export const FUNDS_TASK_TYPES: readonly TaskType[] = [
  {
    type: 'FUNDS_DEPOSIT',
    label: '入金复核',
    // Four eyes on money entering: one operator records the bank receipt (the task's submitter, who
    // the inbox refuses), another checks it against the bank and approves — only then is it credited.
    // The button says what the click does (issue 37): 入账 credits it — nothing is 已入账 before the click.
    decisionLabels: { approve: '入账', reject: '不予入账' },
    receivesPayment: true,
    onApprove: (tx, task, operator) => creditDeposit(tx, task, operator),
    onReject: async (_tx, _task, _operator, reason) => ({ before: { credited: false }, after: { credited: false, reason } }),
  },
  {
    type: 'FUNDS_WITHDRAWAL_REVIEW',
    label: '提现审核',
    // Approve: the request is in order and goes to pay-out. Reject: refused, the money and the fee go back.
    onApprove: (tx, task, operator) => reviewWithdrawal(tx, task, operator),
    onReject: async (tx, task, operator, reason) => ({ after: await failWithdrawal(tx, Number(task.refId), operator.id, reason) }),
  },
  {
    type: 'FUNDS_WITHDRAWAL',
    label: '提现出款',
    // Maker-checker: whoever reviewed the request does not confirm its pay-out.
    executes: 'FUNDS_WITHDRAWAL_REVIEW',
    decisionLabels: { approve: '已出款', reject: '出款失败' },
    // Approve: the bank paid it out. Reject: the pay-out failed, the money and the fee go back.
    onApprove: async (tx, task, operator) => ({ after: await confirmWithdrawalPaid(tx, Number(task.refId), operator.id) }),
    onReject: async (tx, task, operator, reason) => ({ after: await failWithdrawal(tx, Number(task.refId), operator.id, reason) }),
  },
  {
    type: 'FUNDS_PAYEE',
    label: '定向支付收款方审核',
    onApprove: (tx, task, operator, comment) => reviewPayee(tx, Number(task.refId), operator.id, true, comment),
    onReject: (tx, task, operator, reason) => reviewPayee(tx, Number(task.refId), operator.id, false, reason),
  },
  {
    type: 'FUNDS_CONSIGNMENT',
    label: '代付服务申请',
    onApprove: (tx, task, operator, comment) => reviewConsignment(tx, Number(task.refId), operator.id, true, comment),
    onReject: (tx, task, operator, reason) => reviewConsignment(tx, Number(task.refId), operator.id, false, reason),
  },
];
