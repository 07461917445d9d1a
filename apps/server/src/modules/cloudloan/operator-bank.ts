import { buildSchedule, formatYuan, REPAYMENT_METHOD_LABELS } from '@factoring/domain';
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { createTask } from '../bpm/tasks.ts';
import type { TaskType } from '../bpm/registry.ts';
import type { BankAdapter, BankDecision } from './bank-adapter.ts';
import { grantApplication, rejectApplication, type GrantTerms } from './decide.ts';

export const CLOUD_LOAN_TASK = 'CLOUD_LOAN_APPLICATION';

/**
 * The terms an operator enters for the bank (grant form), visible to the task's approval handler for
 * the one decision being made. The plain "approve" of the task inbox carries none: it grants what was
 * asked for at the product's reference rate.
 */
export const grantTermsOfDecision = new AsyncLocalStorage<GrantTerms>();

/**
 * The built-in bank: the factor's operator acts for the bank through the /bpm/tasks inbox. The
 * application becomes a task; approving it grants the credit (amount, rate, term, validity),
 * rejecting it records the reason. Drawdowns and repayments need no outside call: the money moves
 * through the portal's ledger, which the module books itself.
 */
export const operatorBank: BankAdapter = {
  name: 'operator',
  async submitApplication(tx, a) {
    const taskId = await createTask(tx, {
      type: CLOUD_LOAN_TASK,
      subject: `银行云贷申请 ${a.applicationNo}：¥${formatYuan(a.amount)}，${a.termMonths} 个月`,
      enterpriseId: a.enterpriseId,
      refId: a.id,
      data: { applicationId: a.id, applicationNo: a.applicationNo },
      fields: [
        { label: '申请编号', value: a.applicationNo },
        { label: '申请金额（元）', value: formatYuan(a.amount) },
        { label: '借款期限', value: `${a.termMonths} 个月` },
        { label: '还款方式', value: REPAYMENT_METHOD_LABELS[a.method] },
        { label: '借款用途', value: a.purpose },
        { label: '上年度营业收入（元）', value: formatYuan(a.lastYearRevenue) },
        { label: '上年度纳税额（元）', value: formatYuan(a.lastYearTax) },
        { label: '联系人', value: `${a.contactName} ${a.contactPhone}` },
        { label: '征信查询授权', value: '已授权' },
      ],
      submittedBy: a.submittedBy,
    });
    return { bankRef: `BPM-${taskId}` };
  },
  async queryDecision(tx, { id }) {
    const [row] = await tx.select().from(cloudLoanApplications).where(eq(cloudLoanApplications.id, id));
    if (!row) throw new NotFoundError('云贷申请不存在');
    if (row.status === 'GRANTED') {
      return {
        state: 'GRANTED',
        amount: row.grantedAmount!,
        annualRatePpm: row.grantedRatePpm!,
        termMonths: row.grantedTermMonths!,
        expiryDate: row.expiryDate!,
        decidedBy: row.decidedBy,
        comment: null,
      };
    }
    if (row.status === 'REJECTED')
      return { state: 'REJECTED', reason: row.rejectReason ?? '', decidedBy: row.decidedBy } satisfies BankDecision;
    return { state: 'PENDING' };
  },
  async draw(_tx, d) {
    return { bankRef: `LOAN-${d.drawdownNo}` };
  },
  async repay(_tx, r) {
    return { bankRef: `${r.kind}-${r.businessDate}` };
  },
  querySchedule: buildSchedule,
};

/** The inbox task of the built-in bank: approve grants (with the operator's terms when given), reject refuses. */
export const CLOUD_LOAN_TASK_TYPES: readonly TaskType[] = [
  {
    type: CLOUD_LOAN_TASK,
    label: '银行云贷审批（代银行）',
    onApprove: (tx: Tx, task, operator, comment) =>
      grantApplication(tx, Number(task.refId), operator, grantTermsOfDecision.getStore() ?? null, comment),
    onReject: (tx: Tx, task, operator, reason) => rejectApplication(tx, Number(task.refId), operator, reason),
  },
];
