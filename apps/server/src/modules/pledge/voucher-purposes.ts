import { PLEDGE_VOUCHER_KIND_LABELS, type PledgeVoucherKind } from '@factoring/domain';
import type { TransferVoucherPurpose } from '../financing/index.ts';
import { confirmPledgeVoucher, rejectPledgeVoucher } from './operations/decide-voucher.ts';
import { factorScope, lockPledge } from './store.ts';
import { PLEDGE_VOUCHER_TASK, PLEDGE_VOUCHERS } from './voucher-store.ts';

const purpose = (kind: PledgeVoucherKind, taskLabel: string): TransferVoucherPurpose => ({
  product: PLEDGE_VOUCHERS,
  purpose: kind,
  label: PLEDGE_VOUCHER_KIND_LABELS[kind],
  taskType: PLEDGE_VOUCHER_TASK[kind],
  taskLabel,
  lockLoan: async (tx, v) => void (await lockPledge(tx, factorScope(), v.loanId)),
  receiptMemo: (v) => `${v.loanNo} ${PLEDGE_VOUCHER_KIND_LABELS[kind]}转账到账（${v.voucherNo}）`,
  book: (tx, v, receipt, operator) => confirmPledgeVoucher(tx, v, receipt, operator),
  rejected: (tx, v, operator, reason) => rejectPledgeVoucher(tx, v, operator, reason),
});

/**
 * What the pledge takes transfer vouchers for (PRODUCT §11: offline repayment and margin vouchers): the margin, a
 * margin call's top-up, a repayment — each the lending core's voucher with its own confirmation in the inbox.
 */
export const PLEDGE_VOUCHER_PURPOSES: readonly TransferVoucherPurpose[] = [
  purpose('MARGIN', '质押保证金转账确认'),
  purpose('TOP_UP', '补缴保证金转账确认'),
  purpose('REPAYMENT', '质押融资线下还款确认'),
];
