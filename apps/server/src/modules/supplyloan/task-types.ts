import { eq } from 'drizzle-orm';
import { contracts } from '../../db/schema/index.ts';
import { registerTaskType } from '../bpm/registry.ts';
import { registerSignHook } from '../contracts/index.ts';
import { todayChina } from '../credit/credit-lines.ts';
import { approveFinancing, rejectFinancing } from './approval.ts';
import { approveDisbursement, rejectDisbursement } from './disburse.ts';
import { approveExtension, rejectExtension } from './extension.ts';
import { approveInvoice, rejectInvoice } from './invoices.ts';
import { onFinancingContractSigned } from './on-contract-signed.ts';
import { approveJoin, rejectJoin } from './platforms.ts';
import { approveVoucher, rejectVoucher } from './repay.ts';
import { TASK } from './store.ts';

/** The supply-loan task types of the operators' inbox (PRODUCT §11) and the financing contract's sign hook. */
export function registerSupplyLoanTasks() {
  registerTaskType({
    type: TASK.PLATFORM_JOIN,
    label: '平台准入（授信）',
    onApprove: (tx, task, operator, comment) => approveJoin(tx, task, operator, comment, todayChina()),
    onReject: (tx, task, operator, reason) => rejectJoin(tx, task, operator, reason),
  });
  registerTaskType({
    type: TASK.INVOICE_VERIFY,
    label: '发票核验',
    onApprove: (tx, task, operator, comment) => approveInvoice(tx, task, operator, comment),
    onReject: (tx, task, operator, reason) => rejectInvoice(tx, task, operator, reason),
  });
  registerTaskType({
    type: TASK.FINANCING_APPROVAL,
    label: '融资审批',
    onApprove: (tx, task, operator, comment) => approveFinancing(tx, task, operator, comment),
    onReject: (tx, task, operator, reason) => rejectFinancing(tx, task, operator, reason),
  });
  registerTaskType({
    type: TASK.FINANCING_DISBURSE,
    label: '融资放款',
    onApprove: (tx, task, operator) => approveDisbursement(tx, task, operator, todayChina()),
    onReject: (tx, task, operator, reason) => rejectDisbursement(tx, task, operator, reason),
  });
  registerTaskType({
    type: TASK.EXTENSION,
    label: '融资展期',
    onApprove: (tx, task, operator, comment) => approveExtension(tx, task, operator, comment, todayChina()),
    onReject: (tx, task, operator, reason) => rejectExtension(tx, task, operator, reason),
  });
  registerTaskType({
    type: TASK.REPAYMENT_VOUCHER,
    label: '线下还款凭证确认',
    onApprove: (tx, task, operator) => approveVoucher(tx, task, operator, todayChina()),
    onReject: (tx, task, operator, reason) => rejectVoucher(tx, task, operator, reason),
  });
  registerSignHook('FINANCING', async (tx, relatedId, contract) => {
    const [signed] = await tx.select({ id: contracts.signedBy, name: contracts.signedByName }).from(contracts).where(eq(contracts.id, contract.id));
    await onFinancingContractSigned(tx, Number(relatedId), { id: signed?.id ?? null, name: signed?.name ?? '企业用户' });
  });
}
