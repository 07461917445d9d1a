import { advanceCap, dueDateOf, formatPercent, formatYuan, trancheLifecycle, type Cents, type IsoDate } from '@factoring/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { financingInvoices, financings, financingTranches, invoices } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { disburse } from '../../financing/index.ts';
import {
  assertAssignmentClear,
  assertClearForDisbursement,
  assertRegistryClear,
  assignmentFacts,
  checkSubjects,
  fundReceivables,
  preDisbursementFacts,
  registryFacts,
  standingOf,
  type ReceivablePorts,
} from '../../receivables/index.ts';
import { assertContractSigned } from './approval.ts';
import { factorScope, lockFinancing, moveFinancing, operatorActor, platformOf, recordEvent, type Actor, type Financing } from '../store.ts';
import { now } from '../../../lib/clock.ts';

export type Tranche = typeof financingTranches.$inferSelect;

async function lockTranche(tx: Tx, id: number): Promise<Tranche> {
  const [row] = await tx.select().from(financingTranches).where(eq(financingTranches.id, id)).for('update');
  if (!row) throw new NotFoundError('放款记录不存在');
  return row;
}

/**
 * FINANCING_DISBURSE approved: the contract must be signed; the credit line books the principal as
 * used; the net amount is posted into the enterprise's virtual account as controlled funds; the
 * tranche starts today and falls due after its term.
 */
/** The financing's amount against the advance rate × what still stands of its invoices today (credit notes off). */
async function assertWithinRemaining(tx: Tx, financing: Financing) {
  const standing = (await standingOf(tx, 'INVOICE', [financing.id])).get(financing.id);
  if (standing === undefined) return;
  const platform = await platformOf(tx, financing.platformId);
  const cap = advanceCap(standing, platform.advanceRatePpm);
  if (financing.amount > cap)
    throw new BusinessError(
      `放款前发票查验未通过：税务局已对融资发票开具红字发票，应收账款剩余 ${formatYuan(standing as Cents)} 元 × 融资比例 ${formatPercent(platform.advanceRatePpm)} = ${formatYuan(cap)} 元，低于融资金额 ${formatYuan(financing.amount as Cents)} 元`,
      'INVOICE_CREDITED',
    );
}

export async function disburseTranche(tx: Tx, trancheId: number, operator: Actor, today: IsoDate, receivables: ReceivablePorts) {
  // Financing first, then its tranche: the one lock order every path uses.
  const [pending] = await tx
    .select({ financingId: financingTranches.financingId })
    .from(financingTranches)
    .where(eq(financingTranches.id, trancheId));
  if (!pending) throw new NotFoundError('放款记录不存在');
  const financing = await lockFinancing(tx, factorScope(operator), pending.financingId);
  const tranche = await lockTranche(tx, trancheId);
  if (tranche.status !== 'PENDING') throw new BusinessError('该笔放款已处理');
  if (!['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(financing.status)) throw new BusinessError('融资当前状态不能放款');
  await assertContractSigned(tx, financing);
  if (financing.drawn + tranche.amount > financing.amount) throw new BusinessError('放款金额超过融资批准金额');
  // Issue 36: the factor's registration (中登网) valid and covering the invoices, and today's search without an earlier one.
  if (financing.kind === 'INVOICE') await assertRegistryClear(tx, { product: financing.kind, financingId: financing.id }, today);
  // Issue 36: the debtor confirmed each invoice (none disputed) and the notice of assignment is done (acknowledged
  // when disclosed); then the tax bureau again, just before money goes out — a void or reversed invoice stops it.
  if (financing.kind === 'INVOICE') await assertAssignmentClear(tx, { product: financing.kind, financingId: financing.id });
  await assertClearForDisbursement(tx, receivables.verifier, await backingInvoices(tx, financing.id), operator, today);
  // Issue 36: a credit note (红字发票) the bureau reported since the application lowers what the invoices are worth:
  // the financing must still be within the advance rate of what remains of them.
  if (financing.kind === 'INVOICE') await assertWithinRemaining(tx, financing);

  const sourceRef = financing.kind === 'ORDER' ? `${financing.financingNo}-${tranche.seq}` : financing.financingNo;
  const posted = await disburse(tx, {
    enterpriseId: financing.enterpriseId,
    creditLineId: financing.creditLineId,
    principal: tranche.amount as Cents,
    net: tranche.netAmount as Cents,
    upfrontInterest: (financing.interestMode === 'UPFRONT' ? tranche.interest : 0) as Cents,
    serviceFee: tranche.serviceFee as Cents,
    into: 'CONTROLLED',
    sourceRef,
    createdBy: operator.id,
  });

  const dueDate = dueDateOf(today, tranche.termDays); // the value date is the disbursement date: the trial's and the contract's rule
  await transition(tx, financingTranches, trancheLifecycle, tranche, 'DISBURSED', {
    startDate: today,
    dueDate,
    outstanding: tranche.amount,
    interestFrom: financing.interestMode === 'ARREARS' ? today : null,
    disburseEntryId: posted.entryId,
    disbursedBy: operator.id,
    disbursedAt: now(),
  });
  // Issue 36: its receivables are funded now, checked with the bureau weekly until this tranche's due date.
  await fundReceivables(tx, { product: financing.kind, financingId: financing.id }, dueDate);
  const money = { drawn: financing.drawn + tranche.amount, reserved: Math.max(0, financing.reserved - tranche.amount) };
  const note = `放款 ${formatYuan(tranche.netAmount)} 元进入受控账户（流水号 ${posted.refNo}），到期日 ${dueDate}`;
  if (financing.status === 'CONTRACT_SIGNED') {
    await moveFinancing(tx, financing, 'DISBURSED', operator, '放款', note, {
      ...money,
      dueDate: financing.kind === 'INVOICE' ? dueDate : laterOf(financing.dueDate, dueDate),
    });
  } else {
    await tx
      .update(financings)
      .set({ ...money, dueDate: laterOf(financing.dueDate, dueDate), updatedAt: now() })
      .where(eq(financings.id, financing.id));
    await recordEvent(tx, financing.id, operator, `第${tranche.seq}笔提款放款`, note);
  }
  return { trancheId: tranche.id, entryId: posted.entryId, refNo: posted.refNo, netAmount: tranche.netAmount, dueDate };
}

const laterOf = (a: IsoDate, b: IsoDate) => (a > b ? a : b);

/** The invoices behind a financing as the subjects of a tax bureau check (none for an order loan). */
async function backingInvoices(db: Db | Tx, financingId: number) {
  const rows = await db
    .select({ i: invoices })
    .from(financingInvoices)
    .innerJoin(invoices, eq(invoices.id, financingInvoices.invoiceId))
    .where(eq(financingInvoices.financingId, financingId))
    .orderBy(asc(invoices.id));
  return checkSubjects(
    db,
    rows.map(({ i }) => ({ ...i, sellerId: i.enterpriseId, buyerId: i.buyerEnterpriseId })),
  );
}

/**
 * What the disbursing operator sees on opening FINANCING_DISBURSE (issue 36): each invoice behind the
 * financing checked with the tax bureau for today's disbursement — once a day, kept even when it stops
 * the disbursement — and the answer.
 */
export async function disbursementBureauFacts(db: Db, trancheId: number, operator: Actor, today: IsoDate, receivables: ReceivablePorts) {
  const [tranche] = await db
    .select({ financingId: financingTranches.financingId, status: financingTranches.status })
    .from(financingTranches)
    .where(eq(financingTranches.id, trancheId));
  if (!tranche || tranche.status !== 'PENDING') return [];
  return [
    // Issue 36: the debtor's confirmations and the notice of assignment, then the tax bureau's answers.
    ...(await assignmentFacts(db, { product: 'INVOICE', financingId: tranche.financingId })),
    ...(await preDisbursementFacts(db, receivables.verifier, await backingInvoices(db, tranche.financingId), operator, today)),
  ];
}

/** What the disbursing operator reads of the registry (issue 36): the registration, today's search, and whether money may go out. */
export async function disbursementRegistryFacts(db: Db, trancheId: number, today: IsoDate) {
  const [tranche] = await db
    .select({ financingId: financingTranches.financingId, status: financingTranches.status })
    .from(financingTranches)
    .where(eq(financingTranches.id, trancheId));
  if (!tranche || tranche.status !== 'PENDING') return [];
  return registryFacts(db, { product: 'INVOICE', financingId: tranche.financingId }, today);
}

export async function approveDisbursement(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate, receivables: ReceivablePorts) {
  const result = await disburseTranche(tx, Number(task.refId), operatorActor(operator), today, receivables);
  return { before: { tranche: 'PENDING' }, after: { tranche: 'DISBURSED', ...result } };
}

/** FINANCING_DISBURSE rejected: the tranche is dropped; the financing keeps its approval (a drawdown may be requested again). */
export async function rejectDisbursement(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const tranche = await lockTranche(tx, Number(task.refId));
  if (tranche.status !== 'PENDING') throw new BusinessError('该笔放款已处理');
  await transition(tx, financingTranches, trancheLifecycle, tranche, 'CANCELLED');
  await recordEvent(tx, tranche.financingId, operatorActor(operator), '放款驳回', reason);
  return { before: { tranche: 'PENDING' }, after: { tranche: 'CANCELLED' } };
}

export type { Financing };
