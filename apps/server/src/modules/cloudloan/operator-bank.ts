import { addDays, buildSchedule, formatYuan, REPAYMENT_METHOD_LABELS } from '@factoring/domain';
import { cloudLoanGrantInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import {
  createTask,
  lockTaskOfRecord,
  mergeTaskData,
  type BpmTask,
  type DecisionEffect,
  type TaskOperator,
  type TaskType,
} from '../bpm/index.ts';
import type { BankAdapter, BankDecision } from './bank-adapter.ts';
import { settleBankDecision } from './operations/decide.ts';
import { readCloudLoanSettings } from './product.ts';

export const CLOUD_LOAN_TASK = 'CLOUD_LOAN_APPLICATION';

/** The terms an operator grants for the bank. */
export interface GrantTerms {
  amount: number;
  annualRatePpm: number;
  termMonths: number;
  validityDays: number;
}

/**
 * The built-in bank keeps its books in the application's inbox task: the operator's terms from the
 * grant form (`terms`, written before the task is approved) and the decision itself (`decision`,
 * written by the task's handler). That is the bank's side of the seam; the portal's application
 * flow reads it back only through `queryDecision`.
 */
interface OperatorBankBooks {
  terms?: GrantTerms;
  decision?: BankDecision;
}

const TASK_REF = /^BPM-(\d+)$/;

/** The application's inbox task (the bank's reference names it), locked. */
async function bankTask(tx: Tx, application: { id: number; bankRef: string | null }) {
  const byRef = TASK_REF.exec(application.bankRef ?? '');
  const task = await lockTaskOfRecord(tx, byRef ? { id: Number(byRef[1]) } : { type: CLOUD_LOAN_TASK, refId: application.id });
  if (!task || task.type !== CLOUD_LOAN_TASK || task.refId !== String(application.id)) throw new NotFoundError('云贷申请不存在');
  return task;
}

const booksOf = (task: BpmTask) => task.data as Record<string, unknown> & OperatorBankBooks;

async function writeBooks(tx: Tx, task: BpmTask, books: OperatorBankBooks) {
  await mergeTaskData(tx, task.id, { ...books });
}

/** The grant form: the operator's terms land in the bank's books, for the approval that follows in the same transaction. */
export async function recordGrantTerms(tx: Tx, taskId: number, terms: GrantTerms) {
  const task = await lockTaskOfRecord(tx, { id: taskId });
  if (!task) throw new NotFoundError('任务不存在');
  await writeBooks(tx, task, { terms });
}

/**
 * The built-in bank: the factor's operator acts for the bank through the /bpm/tasks inbox. The
 * application becomes a task; approving it grants the credit (the grant form's amount, rate, term and
 * validity, or what was asked for at the product's reference rate), rejecting it records the reason.
 * Drawdowns and repayments need no outside call: the money moves through the portal's ledger, which
 * the module books itself; the references are the portal's own.
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
  async queryDecision(tx, application) {
    return booksOf(await bankTask(tx, application)).decision ?? { state: 'PENDING' };
  },
  async draw(_tx, d) {
    return { bankRef: `LOAN-${d.drawdownNo}` };
  },
  async repay(_tx, r) {
    return { bankRef: `${r.kind}-${r.refNo}` };
  },
  querySchedule: buildSchedule,
};

/** The operator's terms, or what was asked for at the product's reference rate; within the product's amounts. */
async function grantOf(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null): Promise<BankDecision> {
  const settings = await readCloudLoanSettings(tx);
  let terms = booksOf(task).terms;
  if (!terms) {
    const [a] = await tx
      .select()
      .from(cloudLoanApplications)
      .where(eq(cloudLoanApplications.id, Number(task.refId)));
    if (!a) throw new NotFoundError('云贷申请不存在');
    terms = cloudLoanGrantInput.parse({
      amount: a.amount,
      annualRatePpm: settings.referenceRatePpm,
      termMonths: a.termMonths,
      validityDays: settings.validityDays,
    });
  }
  if (terms.amount > settings.maxAmount)
    throw new BusinessError(`授信金额不能超过产品最高额度 ${formatYuan(settings.maxAmount)} 元`, 'AMOUNT_OVER_MAX');
  if (terms.amount < settings.minAmount)
    throw new BusinessError(`授信金额不能低于产品最低额度 ${formatYuan(settings.minAmount)} 元`, 'AMOUNT_UNDER_MIN');
  return {
    state: 'GRANTED',
    amount: terms.amount,
    annualRatePpm: terms.annualRatePpm,
    termMonths: terms.termMonths,
    expiryDate: addDays(chinaToday(), terms.validityDays),
    decidedBy: operator.id,
    comment,
  };
}

/**
 * The operator's decision is the bank's callback: it lands in the bank's books, then the application
 * flow learns it the one way it learns any bank's decision — `queryDecision`.
 */
async function decide(tx: Tx, task: BpmTask, decision: BankDecision): Promise<DecisionEffect> {
  await writeBooks(tx, task, { decision });
  const effect = await settleBankDecision(tx, operatorBank, Number(task.refId));
  if (!effect) throw new BusinessError('该申请不在待审批状态', 'NOT_PENDING');
  return effect;
}

/** The inbox task of the built-in bank: approve grants (with the operator's terms when given), reject refuses. */
export const CLOUD_LOAN_TASK_TYPES: readonly TaskType[] = [
  {
    type: CLOUD_LOAN_TASK,
    label: '银行云贷审批（代银行）',
    onApprove: async (tx, task, operator, comment) => decide(tx, task, await grantOf(tx, task, operator, comment)),
    onReject: (tx, task, operator, reason) => decide(tx, task, { state: 'REJECTED', reason, decidedBy: operator.id }),
  },
];
