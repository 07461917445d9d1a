import type { TaskType } from '../bpm/index.ts';
import { confirmPledgeVoucher, rejectPledgeVoucher } from './operations/decide-voucher.ts';
import { PLEDGE_VOUCHER_TASK } from './voucher-store.ts';

const decisions = {
  receivesPayment: true,
  onApprove: (tx, task, operator) => confirmPledgeVoucher(tx, task, operator),
  onReject: (tx, task, operator, reason) => rejectPledgeVoucher(tx, task, operator, reason),
} satisfies Pick<TaskType, 'receivesPayment' | 'onApprove' | 'onReject'>;

/** The voucher confirmations of pledge financing in the operators' inbox (PRODUCT §11: offline repayment and margin vouchers). */
export const PLEDGE_VOUCHER_TASK_TYPES: readonly TaskType[] = [
  { type: PLEDGE_VOUCHER_TASK.MARGIN, label: '质押保证金转账确认', ...decisions },
  { type: PLEDGE_VOUCHER_TASK.TOP_UP, label: '补缴保证金转账确认', ...decisions },
  { type: PLEDGE_VOUCHER_TASK.REPAYMENT, label: '质押融资线下还款确认', ...decisions },
];
