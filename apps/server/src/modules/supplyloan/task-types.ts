import type { TaskType } from '../bpm/index.ts';
import type { SignHook } from '../contracts/index.ts';
import { approveFinancing, rejectFinancing } from './operations/approval.ts';
import { approveDisbursement, disbursementBureauFacts, disbursementRegistryFacts, rejectDisbursement } from './operations/disburse.ts';
import { approveExtension, rejectExtension } from './operations/extension-decisions.ts';
import { approveInvoice, invoiceBureauFacts, rejectInvoice } from './operations/invoice-verification.ts';
import { approveJoin, rejectJoin } from './operations/join-platform.ts';
import { approveBuyback, rejectBuyback } from './factoring/buyback.ts';
import { approveMisdirected, MISDIRECTED_TASK, rejectMisdirected } from './factoring/misdirected.ts';
import { BUYBACK_TASK } from './factoring/shortfall-step.ts';
import { approvalAddition, disbursementAddition } from './book-addition.ts';
import { financingContractFacts } from './contract-facts.ts';
import { onFinancingContractSigned } from './operations/on-contract-signed.ts';
import { factorScope, TASK } from './store.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BUILT_IN_RECEIVABLES, type ReceivablePorts } from '../receivables/index.ts';

/** Who asked the bureau when the disbursement task was opened (the drawer knows no operator). */
const PRE_DISBURSEMENT_ACTOR = { id: null, name: '系统（打开放款任务时查验）' };

/**
 * The supply-loan task types of the operators' inbox (PRODUCT §11), listed in app.ts's TASK_TYPES, with the
 * app's outside parties of a receivable (issue 36): the tax bureau and the registry.
 */
export const supplyLoanTaskTypes = (receivables: ReceivablePorts): readonly TaskType[] => [
  {
    type: TASK.PLATFORM_JOIN,
    label: '平台准入（授信）',
    onApprove: (tx, task, operator, comment) => approveJoin(tx, task, operator, comment, chinaToday()),
    onReject: (tx, task, operator, reason) => rejectJoin(tx, task, operator, reason),
  },
  {
    type: TASK.INVOICE_VERIFY,
    label: '发票核验',
    // Issue 36: the tax bureau's latest answer beside the one stored at registration.
    describe: (db, task) => invoiceBureauFacts(db, Number(task.refId)),
    onApprove: (tx, task, operator, comment) => approveInvoice(tx, task, operator, comment),
    onReject: (tx, task, operator, reason) => rejectInvoice(tx, task, operator, reason),
  },
  {
    type: TASK.FINANCING_APPROVAL,
    label: '融资审批',
    describe: (db, task) => financingContractFacts(db, Number(task.refId)),
    exposure: approvalAddition,
    // Signed before the approval: approving, the factor countersigns the financing contract (issue 37).
    countersigns: (task) => ({ relatedType: 'FINANCING', relatedId: task.refId }),
    // Issue 36: approving registers the assignment at the registry and searches (receivables/registry/on-approval.ts).
    onApprove: (tx, task, operator, comment) => approveFinancing(tx, task, operator, comment, receivables, chinaToday()),
    onReject: (tx, task, operator, reason) => rejectFinancing(tx, task, operator, reason),
  },
  {
    type: TASK.FINANCING_DISBURSE,
    label: '融资放款',
    // Maker-checker: whoever approved the financing does not disburse its tranches (the inbox enforces it).
    executes: TASK.FINANCING_APPROVAL,
    approvedRef: (task) => String(task.data.financingId),
    // Issue 36: opening the task checks the financing's invoices with the tax bureau for today's disbursement.
    describe: async (db, task) => [
      ...(await financingContractFacts(db, Number(task.data.financingId))),
      ...(await disbursementBureauFacts(db, Number(task.refId), PRE_DISBURSEMENT_ACTOR, chinaToday(), receivables)),
      // Issue 36: the registration and today's search (中登网), and whether they let the money go out.
      ...(await disbursementRegistryFacts(db, Number(task.refId), chinaToday())),
    ],
    exposure: disbursementAddition,
    // Approved before it was signed: the disbursement is the decision after the signature, and countersigns.
    countersigns: (task) => ({ relatedType: 'FINANCING', relatedId: String(task.data.financingId) }),
    onApprove: (tx, task, operator) => approveDisbursement(tx, task, operator, chinaToday(), receivables),
    onReject: (tx, task, operator, reason) => rejectDisbursement(tx, task, operator, reason),
  },
  {
    type: TASK.EXTENSION,
    label: '融资展期',
    onApprove: (tx, task, operator, comment) => approveExtension(tx, task, operator, comment, chinaToday()),
    onReject: (tx, task, operator, reason) => rejectExtension(tx, task, operator, reason),
  },
  {
    // Issue 36, with recourse: a shortfall at maturity + grace is bought back from the supplier's account.
    type: BUYBACK_TASK,
    label: '保理回购',
    decisionLabels: { approve: '从供应商账户扣款回购', reject: '暂缓' },
    onApprove: (tx, task, operator) => approveBuyback(tx, task, operator, chinaToday()),
    onReject: (tx, task, operator, reason) => rejectBuyback(tx, task, operator, reason),
  },
  {
    // Issue 36: a debtor payment the supplier received is paid over from its account (four eyes: recorded by one operator).
    type: MISDIRECTED_TASK,
    label: '误付回款转付',
    decisionLabels: { approve: '从供应商账户转付', reject: '驳回' },
    onApprove: (tx, task, operator) => approveMisdirected(tx, task, operator, chinaToday()),
    onReject: (tx, task, operator, reason) => rejectMisdirected(tx, task, operator, reason),
  },
];

/** The task types with the built-in tax bureau and registry: the demo seed drives the inbox with them. */
export const SUPPLY_LOAN_TASK_TYPES: readonly TaskType[] = supplyLoanTaskTypes(BUILT_IN_RECEIVABLES);

/**
 * The FINANCING contract's sign hook (its kind's, contract-kinds.ts): inside the signing transaction,
 * the financing moves on (APPROVED → CONTRACT_SIGNED). The contracts module hands over its own
 * record's id, so the financing is looked up factor-wide; the signer is the history's actor.
 */
export const financingSignHook: SignHook = (tx, relatedId, contract) =>
  onFinancingContractSigned(tx, factorScope(), Number(relatedId), {
    id: contract.signer.id,
    name: contract.signer.name,
    ip: contract.signer.ip,
  });
